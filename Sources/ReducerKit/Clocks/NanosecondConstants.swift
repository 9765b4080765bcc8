// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Dispatch on Apple platforms defines these; Linux has none of them, so code written for TCA
// (`try await Task.sleep(nanoseconds: NSEC_PER_SEC)`, `timeout: NSEC_PER_SEC`) did not compile.
#if !canImport(Darwin)
  /// Nanoseconds in a second, as Dispatch defines it on Apple platforms.
  ///
  /// ```swift
  /// try await Task.sleep(nanoseconds: NSEC_PER_SEC / 2)
  /// ```
  public let NSEC_PER_SEC: UInt64 = 1_000_000_000

  /// Nanoseconds in a millisecond, as Dispatch defines it on Apple platforms.
  public let NSEC_PER_MSEC: UInt64 = 1_000_000

  /// Nanoseconds in a microsecond, as Dispatch defines it on Apple platforms.
  public let NSEC_PER_USEC: UInt64 = 1_000

  /// Microseconds in a second, as Dispatch defines it on Apple platforms.
  public let USEC_PER_SEC: UInt64 = 1_000_000
#endif
