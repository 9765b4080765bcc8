import Observation

/// Runs `apply` and calls `onChange` once, before the first change to any observable value it
/// read: Perception's name for Observation's `withObservationTracking`, which TCA re-exports
/// (its back-port of Observation to iOS 16).
///
/// ReducerKit's stores are `Observable` on every platform it builds for, so nothing needs the
/// back-port; this name is here so that code written against TCA compiles as it is. It tracks
/// exactly what `withObservationTracking` tracks: a store's fields as they are read.
///
/// ```swift
/// withPerceptionTracking {
///   render(store.count)
/// } onChange: {
///   scheduleRender()
/// }
/// ```
public func withPerceptionTracking<T>(
  _ apply: () -> T, onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  withObservationTracking(apply, onChange: onChange())
}
