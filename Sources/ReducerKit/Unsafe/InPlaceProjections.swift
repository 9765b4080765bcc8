/// The enum values whose case tag is stripped on this thread while a child's payload is modified
/// in place (see `CaseExtractor.modify`), innermost last.
///
/// NB: while a tag is stripped, the enum's memory is not a valid value of the enum. Only a read
/// of the store from inside a reducer (a mistake the store warns about) can see it; to give that
/// read a valid value, ``withConsistentMemory(_:)`` puts every tag back, lets the caller copy,
/// and strips them again. Frames live on the stack of the `modify` calls that made them.
@usableFromInline
enum InPlaceProjections {
  @usableFromInline
  struct Frame {
    @usableFromInline let address: UnsafeMutableRawPointer
    @usableFromInline let tag: UInt32
    @usableFromInline let metadata: EnumMetadata
    @usableFromInline let outer: UnsafePointer<Frame>?

    @inlinable
    init(
      address: UnsafeMutableRawPointer, tag: UInt32, metadata: EnumMetadata,
      outer: UnsafePointer<Frame>?
    ) {
      self.address = address
      self.tag = tag
      self.metadata = metadata
      self.outer = outer
    }
  }

  @inlinable static var slot: ThreadLocalFrame<Frame> { ThreadLocalFrame(.projection) }

  /// Runs `body` with the projection of the enum at `address` (tag `tag`) recorded.
  @inlinable @inline(__always)
  static func with<Result>(
    _ address: UnsafeMutableRawPointer, tag: UInt32, metadata: EnumMetadata,
    _ body: () -> Result
  ) -> Result {
    var frame = Frame(address: address, tag: tag, metadata: metadata, outer: slot.current)
    return withUnsafePointer(to: &frame) { slot.with($0, body) }
  }

  /// Runs `body` with every projection on this thread undone: the memory of the enums holds
  /// valid values while it runs.
  static func withConsistentMemory<Result>(_ body: () -> Result) -> Result {
    var frames: [Frame] = []
    var next = slot.current
    while let frame = next {
      frames.append(frame.pointee)
      next = frame.pointee.outer
    }
    // Innermost first: an inner enum lives inside an outer one's payload.
    for frame in frames { frame.metadata.injectTag(frame.tag, at: frame.address) }
    defer {
      for frame in frames.reversed() { frame.metadata.projectPayload(at: frame.address) }
    }
    return body()
  }
}
