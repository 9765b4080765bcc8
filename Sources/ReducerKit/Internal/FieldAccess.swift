import Synchronization

/// Reads and modifies a field of a state through a key path, in place and cheaply.
///
/// NB: applying a key path goes through the runtime's generic key path machinery, which costs
/// 50–150 ns per projection here, and a write through a computed property (such as
/// `\.$destination`) calls its getter and setter, so modifying through it copies the value.
/// Operators run on every action, so they access fields through this type instead: for a
/// stored property, `MemoryLayout.offset(of:)` gives the field's offset and the access is
/// pointer arithmetic. Other key paths are applied as key paths.
@usableFromInline
struct FieldAccess<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @usableFromInline
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Runs `body` on the field of `root`, in place.
  @inlinable @inline(__always)
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result {
    guard let offset else { return body(&root[keyPath: keyPath]) }
    return withUnsafeMutablePointer(to: &root) { pointer in
      body(&(UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }
}

/// Reads a field of a state behind a pointer: by offset for a stored property, through the key
/// path otherwise (see ``FieldAccess``).
@usableFromInline
struct FieldReader<Root, Value> {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @usableFromInline
  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  @inlinable
  func read(_ root: UnsafePointer<Root>) -> Value {
    guard let offset else { return root.pointee[keyPath: keyPath] }
    return (UnsafeRawPointer(root) + offset).assumingMemoryBound(to: Value.self).pointee
  }
}

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

  /// The current presentation's id (0 when absent).
  @inlinable
  func presentationID(_ root: inout Root) -> UInt64 {
    var offset = resolvedOffset.load(ordering: .relaxed)
    if offset == Self.unresolved { offset = resolve(root) }
    guard offset >= 0 else { return root[keyPath: keyPath].presentationID }
    return withUnsafeMutablePointer(to: &root) { pointer in
      (UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Presents<Child>.self)
        .pointee.presentationID
    }
  }

  /// Runs `body` on the presented child in place; `nil` when nothing is presented.
  @inlinable @inline(__always)
  func modifyPresented<Result>(_ root: inout Root, _ body: (inout Child) -> Result) -> Result? {
    var offset = resolvedOffset.load(ordering: .relaxed)
    if offset == Self.unresolved { offset = resolve(root) }
    if offset >= 0 {
      return withUnsafeMutablePointer(to: &root) { pointer in
        (UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Presents<Child>.self)
          .pointee.modifyPresented(body)
      }
    }
    var presents = root[keyPath: keyPath]
    root[keyPath: keyPath] = Presents(wrappedValue: nil)
    defer { root[keyPath: keyPath] = presents }
    return presents.modifyPresented(body)
  }

  /// The presented child of the state behind `root`, if any.
  @inlinable
  func presented(in root: UnsafePointer<Root>) -> Child? {
    var offset = resolvedOffset.load(ordering: .relaxed)
    if offset == Self.unresolved { offset = resolve(root.pointee) }
    guard offset >= 0 else { return root.pointee[keyPath: keyPath].wrappedValue }
    return (UnsafeRawPointer(root) + offset).assumingMemoryBound(to: Presents<Child>.self)
      .pointee.wrappedValue
  }

  /// Reads the presented child through `keyPath`: by verified offset when the key path can
  /// also write (which the offset check needs), through the key path otherwise.
  @inlinable
  static func reader(
    _ keyPath: KeyPath<Root, Presents<Child>>
  ) -> (UnsafePointer<Root>) -> Child? {
    guard let writable = keyPath as? WritableKeyPath<Root, Presents<Child>> else {
      return { $0.pointee[keyPath: keyPath].wrappedValue }
    }
    let access = PresentsAccess(writable)
    return { access.presented(in: $0) }
  }

  /// Dismisses the presented child.
  @inlinable
  func dismiss(_ root: inout Root) {
    root[keyPath: keyPath].wrappedValue = nil
  }

  /// Finds and verifies the field's offset, once.
  @usableFromInline
  func resolve(_ root: Root) -> Int {
    let offset = verifiedOffset(in: root) ?? Self.viaKeyPath
    resolvedOffset.store(offset, ordering: .relaxed)
    return offset
  }

  private func verifiedOffset(in root: Root) -> Int? {
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
    return probe[keyPath: keyPath].presentationID == read.presentationID ? offset : nil
  }
}
