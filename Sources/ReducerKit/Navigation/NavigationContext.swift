#if canImport(SwiftUI)
  import SwiftUI
#endif

/// One element of the navigation tree: a presented child, a row, a stack element, as seen by
/// the operator that holds it.
///
/// Effects started inside an element carry the path of elements down to it, so cancel IDs used
/// inside it do not collide with the same IDs used elsewhere, and removing the element can cancel
/// everything it started.
@usableFromInline
package struct NavigationElement: Hashable, Sendable {
  /// The operator holding the element (the hash of the key path it scopes through).
  package let operatorID: Int
  /// Which of the operator's children: a child's identity, a row id, a stack element.
  @usableFromInline package let key: AnyHashableSendable
  /// What ``LiveElementSummary`` records for the element: a single child's identity, or
  /// ``collectionMarker`` for an element of a collection.
  package let summary: Int

  /// The child of a single-child operator (`ifLet`, `ifCaseLet`) with `identity` (never 0).
  @usableFromInline
  package init(operatorID: Int, identity: Int) {
    self.operatorID = operatorID
    key = AnyHashableSendable(identity)
    summary = identity
  }

  /// The element `key` of a collection operator (`forEach`).
  @usableFromInline
  package init(operatorID: Int, collectionKey key: some Hashable & Sendable) {
    self.operatorID = operatorID
    self.key = AnyHashableSendable(key)
    summary = Self.collectionMarker
  }

  /// The summary of collection elements: distinct from every child identity.
  package static var collectionMarker: Int { Int.min + 1 }

  /// The element as written in diagnostics.
  package var debugText: String { "\(operatorID):\(key)" }
}

/// Where an effect runs in the navigation tree: the elements from the root store down to it.
@usableFromInline
package struct NavigationPath: Hashable, Sendable {
  package private(set) var components: [NavigationElement] = []

  @usableFromInline
  package init() {}

  package init(_ components: [NavigationElement]) {
    self.components = components
  }

  /// `rest`, inside `element` (effects bubble up through parents, which prepend).
  @usableFromInline
  package init(prefix element: NavigationElement, rest: NavigationPath) {
    components = [element] + rest.components
  }

  package func appending(_ element: NavigationElement) -> NavigationPath {
    var path = self
    path.components.append(element)
    return path
  }

  package var isEmpty: Bool { components.isEmpty }

  /// The path without its last element.
  package var parent: NavigationPath {
    NavigationPath(Array(components.dropLast()))
  }

  /// Drops the last element, in place.
  package mutating func removeLast() {
    components.removeLast()
  }

  /// Whether this path is `other` or inside it.
  package func hasPrefix(_ other: NavigationPath) -> Bool {
    components.starts(with: other.components)
  }

  /// The path as written in diagnostics.
  package var debugText: String {
    components.isEmpty ? "(root)" : components.map(\.debugText).joined(separator: " / ")
  }
}

/// What an effect of a presented (or stacked) child knows about its presentation.
package struct NavigationContext: Sendable {
  package var isPresented: Bool
  /// Sends the parent the action that dismisses this child, with an animation (or none).
  package var dismiss: (@Sendable (Animation?) async -> Void)?

  package init(isPresented: Bool, dismiss: (@Sendable (Animation?) async -> Void)?) {
    self.isPresented = isPresented
    self.dismiss = dismiss
  }
}

/// Marks, on this thread, that a presented child's reducer is running (for `isPresented` read
/// inside a reducer).
///
/// NB: the flag is only ever raised, so the slot holds either nothing or one shared pointer,
/// and a child nested in a presented child (already marked) skips the thread-local write.
@usableFromInline
enum PresentationFrame {
  @inlinable static var frame: ThreadLocalFrame<Bool> { ThreadLocalFrame(.presentation) }
  @usableFromInline nonisolated(unsafe) static let presented: UnsafePointer<Bool> = {
    // Never written after initialization; lives for the whole process.
    let pointer = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    pointer.initialize(to: true)
    return UnsafePointer(pointer)
  }()

  static var isPresented: Bool { frame.current != nil }

  /// Runs `body` with `isPresented` true on this thread.
  @inlinable @inline(__always)
  static func withPresented<Result>(_ body: () -> Result) -> Result {
    if frame.current != nil { return body() }
    return frame.with(presented, body)
  }
}
