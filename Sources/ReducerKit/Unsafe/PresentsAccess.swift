import Synchronization

/// Access to a ``Presents`` field, usually reached through its computed projection
/// (`\.$destination`).
///
/// NB: a property wrapper's projection is computed, so `MemoryLayout.offset(of:)` does not
/// know it. The first time the field is accessed, a copy of the state gets a sentinel
/// presentation through the key path's setter (its bytes are unique: the id is
/// process-unique), the sentinel is looked for in the copy's memory, and the offset found is
/// accepted only if it is the only match and the key path's getter reads exactly that memory
/// (checked with a second sentinel). Anything else keeps using the key path (moving the
/// presentation out, so the child still reduces in place). A setter with side effects beyond
/// storing is not called on the fast path.
@usableFromInline
final class PresentsAccess<Root, Child> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Presents<Child>>
  /// The verified offset of the field, `unresolved` until a presentation was seen, `viaKeyPath`
  /// when the key path must be used. Atomic because a reducer value may be shared by stores.
  @usableFromInline let resolvedOffset: Atomic<Int>
  @usableFromInline static var unresolved: Int { -2 }
  @usableFromInline static var viaKeyPath: Int { -1 }

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Presents<Child>>) {
    self.keyPath = keyPath
    resolvedOffset = Atomic(MemoryLayout<Root>.offset(of: keyPath) ?? Self.unresolved)
  }

  /// Runs `body` on the `Presents` field of `root` in place.
  @inlinable @inline(__always)
  func withPresents<Result>(_ root: inout Root, _ body: (inout Presents<Child>) -> Result) -> Result
  {
    var offset = resolvedOffset.load(ordering: .relaxed)
    if offset == Self.unresolved { offset = resolve(root) }
    if offset >= 0 {
      return withUnsafeMutablePointer(to: &root) { pointer in
        body(
          &(UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(
            to: Presents<Child>.self
          ).pointee)
      }
    }
    // NB: moved out through the key path, so the child still reduces in place.
    var presents = root[keyPath: keyPath]
    root[keyPath: keyPath] = Presents(wrappedValue: nil)
    defer { root[keyPath: keyPath] = presents }
    return body(&presents)
  }

  /// Runs `body` on the presented child in place; `nil` when nothing is presented.
  @inlinable @inline(__always)
  func modifyPresented<Result>(_ root: inout Root, _ body: (inout Child) -> Result) -> Result? {
    withPresents(&root) { $0.modifyPresented(body) }
  }

  /// Dismisses the presented child.
  @inlinable
  func dismiss(_ root: inout Root) {
    withPresents(&root) { $0.wrappedValue = nil }
  }

  /// Finds and verifies the field's offset, once.
  @usableFromInline
  func resolve(_ root: Root) -> Int {
    let offset = Self.verifiedOffset(of: keyPath, in: root) ?? Self.viaKeyPath
    resolvedOffset.store(offset, ordering: .relaxed)
    return offset
  }

  static func verifiedOffset(
    of keyPath: WritableKeyPath<Root, Presents<Child>>, in root: Root
  ) -> Int? {
    let size = MemoryLayout<Presents<Child>>.size
    let alignment = MemoryLayout<Presents<Child>>.alignment
    // The setter must store the value in the state's own memory, at exactly one place…
    var probe = root
    let written = Presents<Child>.sentinel()
    probe[keyPath: keyPath] = written
    let signature = withUnsafeBytes(of: written) { Array($0) }
    let candidates = withUnsafeBytes(of: probe) { bytes -> [Int] in
      guard bytes.count >= size else { return [] }
      return stride(from: 0, through: bytes.count - size, by: alignment).filter { offset in
        signature.elementsEqual(bytes[offset..<(offset + size)])
      }
    }
    guard candidates.count == 1, let offset = candidates.first else { return nil }
    // …and the getter must read it from there.
    let read = Presents<Child>.sentinel()
    withUnsafeMutablePointer(to: &probe) { pointer in
      (UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Presents<Child>.self)
        .pointee = read
    }
    return probe[keyPath: keyPath].mounted == read.mounted ? offset : nil
  }
}

/// Reads a presented child for a scoped store, through a key path that may or may not write.
///
/// NB: resolves like ``PresentsAccess``, lazily: scoping a store stays cheap, and the offset is
/// worked out (and the key path checked for a setter) the first time the child is read.
/// Confined to the main actor with the stores that use it.
@usableFromInline
final class PresentsReader<Root, Child> {
  @usableFromInline let keyPath: KeyPath<Root, Presents<Child>>
  @usableFromInline var offset = PresentsAccess<Root, Child>.unresolved

  @usableFromInline
  init(_ keyPath: KeyPath<Root, Presents<Child>>) {
    self.keyPath = keyPath
  }

  /// Writes the presented child of `root` into `child`; leaves `child` alone when absent.
  /// Returns whether a child was presented.
  @inlinable
  func update(_ root: UnsafePointer<Root>, _ child: UnsafeMutablePointer<Child>) -> Bool {
    guard let presented = read(root) else { return false }
    child.pointee = presented
    return true
  }

  /// The presented child of `root`, if any.
  @inlinable
  func read(_ root: UnsafePointer<Root>) -> Child? {
    if offset == PresentsAccess<Root, Child>.unresolved { offset = resolve(root.pointee) }
    return offset >= 0
      ? (UnsafeRawPointer(root) + offset).assumingMemoryBound(to: Presents<Child>.self).pointee
        .wrappedValue
      : root.pointee[keyPath: keyPath].wrappedValue
  }

  @usableFromInline
  func resolve(_ root: Root) -> Int {
    guard let writable = keyPath as? WritableKeyPath<Root, Presents<Child>> else {
      return PresentsAccess<Root, Child>.viaKeyPath
    }
    return PresentsAccess.verifiedOffset(of: writable, in: root)
      ?? PresentsAccess<Root, Child>.viaKeyPath
  }
}
