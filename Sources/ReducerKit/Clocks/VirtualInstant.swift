/// An instant on a clock whose time a test controls (``TestClock``, ``ImmediateClock``,
/// ``UnimplementedClock``): an offset from the clock's start.
public struct VirtualInstant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
  /// Time since the clock's start.
  public var offset: Duration

  /// The instant `offset` after the clock's start.
  public init(offset: Duration = .zero) {
    self.offset = offset
  }

  public func advanced(by duration: Duration) -> Self {
    Self(offset: offset + duration)
  }

  public func duration(to other: Self) -> Duration {
    other.offset - offset
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.offset < rhs.offset
  }

  public var description: String { "VirtualInstant(\(offset))" }
}
