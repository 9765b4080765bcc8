/// The values locked by `withLock` on this thread, innermost first, so that reading or changing
/// the same shared value inside its own `withLock` works on the locked value instead of
/// deadlocking.
struct SharedLockFrame {
  let owner: ObjectIdentifier
  let value: UnsafeMutableRawPointer
  let previous: UnsafePointer<SharedLockFrame>?

  private static var frame: ThreadLocalFrame<SharedLockFrame> { ThreadLocalFrame(.sharedLock) }

  static func pointer<Value>(of owner: AnyObject, as _: Value.Type) -> UnsafeMutablePointer<Value>?
  {
    var frame = Self.frame.current
    let id = ObjectIdentifier(owner)
    while let current = frame {
      if current.pointee.owner == id {
        return current.pointee.value.assumingMemoryBound(to: Value.self)
      }
      frame = current.pointee.previous
    }
    return nil
  }

  static func value<Value>(of owner: AnyObject, as type: Value.Type) -> Value? {
    pointer(of: owner, as: type)?.pointee
  }

  static func with<Value, Result>(
    _ owner: AnyObject, _ value: inout Value, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointer(to: &value) { pointer in
      var frame = SharedLockFrame(
        owner: ObjectIdentifier(owner), value: UnsafeMutableRawPointer(pointer),
        previous: Self.frame.current)
      return try withUnsafePointer(to: &frame) { framePointer in
        try Self.frame.with(framePointer) { try body(&pointer.pointee) }
      }
    }
  }
}
