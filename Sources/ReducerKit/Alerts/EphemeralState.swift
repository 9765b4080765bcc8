import Synchronization

/// State that the presentation operator dismisses by itself after the parent reduced one of its
/// actions: alerts and confirmation dialogs.
package protocol EphemeralState {}

/// Numbers alerts and dialogs as they are built: cheap (one atomic add, where a `UUID` costs
/// microseconds on Linux) and unique within the process.
enum EphemeralInstance {
  private static let counter = Atomic<Int>(0)

  /// The next number.
  static func next() -> Int {
    counter.add(1, ordering: .relaxed).newValue
  }
}
