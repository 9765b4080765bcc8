/// Typed reads and changes of an enum value's payload, through the enum's value witnesses
/// (see `EnumMetadata`): what case paths (`CaseExtractor`, `CaseAccess`) and child identities
/// are built on, so that no code outside this folder handles the enum's memory.
@usableFromInline
enum EnumPayload {
  /// `()` as `Value`, a payload type the caller checked is `Void` (the payload of a case
  /// without associated values, as a case path sees it).
  @inlinable @inline(__always)
  static func void<Value>(as _: Value.Type) -> Value {
    unsafeBitCast((), to: Value.self)
  }

  /// A copy of the payload of `root`, which the caller checked holds a case whose payload is a
  /// `Value` (`indirect` when that case is).
  @inlinable @inline(__always)
  static func copy<Root, Value>(of root: Root, as _: Value.Type, indirect: Bool) -> Value {
    let metadata = EnumMetadata(unchecked: Root.self)
    return withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
      let address = UnsafeMutableRawPointer(buffer.baseAddress!)
      if indirect {
        // NB: a bitwise copy of `root`, which owns nothing: it is read (the box's address) and
        // dropped, never released. Copying `root` as a value would retain its box only to
        // release it again; only the payload, copied out of the box, is retained.
        withUnsafeBytes(of: root) { bytes in
          address.copyMemory(from: bytes.baseAddress!, byteCount: MemoryLayout<Root>.size)
        }
        metadata.projectPayload(at: address)
        return IndirectBox.payload(Value.self, inBox: address.load(as: UnsafeRawPointer.self))
      }
      buffer.baseAddress!.initialize(to: root)
      metadata.projectPayload(at: address)
      // NB: the payload is moved out, so the buffer is left uninitialized on purpose.
      return address.assumingMemoryBound(to: Value.self).move()
    }
  }

  /// Runs `body` on the payload of `root` where it lives when `root` holds the case `tag`, whose
  /// payload is an inline `Value` (checked by the caller); `nil` when it holds another case.
  ///
  /// NB: the tag is stripped, the payload changed, the tag put back: a child state held in an
  /// enum is not copied, and its buffers stay uniquely referenced.
  @inlinable
  static func modifyInPlace<Root, Value, Result>(
    _ root: inout Root, tag: UInt32, _ body: (inout Value) -> Result
  ) -> Result? {
    let metadata = EnumMetadata(unchecked: Root.self)
    return withUnsafeMutablePointer(to: &root) { pointer in
      let address = UnsafeMutableRawPointer(pointer)
      guard metadata.tag(at: address) == tag else { return nil }
      metadata.projectPayload(at: address)
      defer { metadata.injectTag(tag, at: address) }
      return InPlaceProjections.with(address, tag: tag, metadata: metadata) {
        body(&address.assumingMemoryBound(to: Value.self).pointee)
      }
    }
  }

  /// Changes `value`, the payload extracted from `root`, with `body`, and rebuilds `root` from
  /// it with `embed`, also when `body` throws (as an `inout` argument keeps what a throwing
  /// function changed).
  ///
  /// NB: `root` is destroyed before `body` runs, so a payload held by reference (an array, a
  /// string) is uniquely held by `value` and not copied on its first change.
  static func rebuild<Root, Value>(
    _ root: inout Root, from value: inout Value, embed: (Value) -> Root,
    _ body: (inout Value) throws -> Void
  ) rethrows {
    try withUnsafeMutablePointer(to: &root) { pointer in
      pointer.deinitialize(count: 1)
      defer { pointer.initialize(to: embed(value)) }
      try body(&value)
    }
  }
}

extension EnumLayout {
  /// A copy of the payload of `root`, which holds the case `tag`, whose payload is a `Value`
  /// (checked by the caller; `indirect` when the case is).
  func payload<Root, Value>(of root: Root, tag: UInt32, as _: Value.Type, indirect: Bool)
    -> Value
  {
    withProjectedPayload(of: root, tag: tag, payloadType: Value.self, indirect: indirect) {
      alignedPayloadAddress($0, alignment: MemoryLayout<Value>.alignment)
        .assumingMemoryBound(to: Value.self).pointee
    }
  }
}
