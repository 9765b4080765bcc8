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
    return readStoredField(of: root, at: offset)
  }
}

/// Reads the stored field at `offset` (as `MemoryLayout<Root>.offset(of:)` gave it) of the value
/// behind `root`.
@inlinable @inline(__always)
func readStoredField<Root, Value>(of root: UnsafePointer<Root>, at offset: Int) -> Value {
  (UnsafeRawPointer(root) + offset).assumingMemoryBound(to: Value.self).pointee
}

/// Reads the stored field at `offset` of `root`.
@inlinable @inline(__always)
func readStoredField<Root, Value>(of root: Root, at offset: Int) -> Value {
  withUnsafePointer(to: root) { readStoredField(of: $0, at: offset) }
}
