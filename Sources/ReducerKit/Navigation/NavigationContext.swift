/// Identifies an element of the navigation tree (a presented child, a row, a stack element) so
/// that cancel IDs used inside it do not collide with the same IDs used elsewhere, and so that
/// removing the element can cancel everything it started.
@usableFromInline
package struct NavigationPath: Hashable, Sendable {
  package var components: [AnyHashableSendable] = []

  package init() {}

  /// `rest`, inside the element `prefix` (effects bubble up through parents, which prepend).
  package init(prefix: AnyHashableSendable, rest: NavigationPath) {
    components = [prefix] + rest.components
  }

  package func appending(_ component: AnyHashableSendable) -> NavigationPath {
    var path = self
    path.components.append(component)
    return path
  }

  package var isEmpty: Bool { components.isEmpty }

  /// This path and every shorter prefix of it except the root, innermost first.
  package var prefixes: [NavigationPath] {
    var result: [NavigationPath] = []
    var path = self
    while !path.components.isEmpty {
      result.append(path)
      path.components.removeLast()
    }
    return result
  }
}

/// What an effect of a presented (or stacked) child knows about its presentation.
package struct NavigationContext: Sendable {
  package var isPresented: Bool
  /// Sends the parent the action that dismisses this child.
  package var dismiss: (@Sendable () async -> Void)?
}

/// One element of the navigation tree: the operator (by the key path it scopes to) and the
/// element in it (a presentation, an id, a stack element).
struct NavigationElement: Hashable, Sendable {
  let site: Int
  let element: AnyHashableSendable
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
