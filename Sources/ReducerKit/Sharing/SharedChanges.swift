import Synchronization

extension Shared {
  /// Each later value of this shared value, as it changes: TCA's `$value.publisher`, as an
  /// async sequence (Combine is not on Linux), for an effect to react to changes however they
  /// are made (by this feature, another feature, or the value's storage).
  ///
  /// ```swift
  /// case .onAppear:
  ///   return .run { [count = state.$count] send in
  ///     for await count in count.values {
  ///       await send(.countChanged(count))
  ///     }
  ///   }
  /// ```
  ///
  /// As TCA's publisher, it starts with the next change, not the current value; each change
  /// (each outermost `withLock`) is delivered once, in order, none dropped. It ends when the
  /// task iterating it is cancelled, or when the last holder of the value is released. A field
  /// (`$settings.theme.values`) gives the field after every change of the whole value.
  public var values: AsyncStream<Value> { reference.changes() }
}

extension SharedReader {
  /// Each later value of this shared value; see ``Shared/values``.
  public var values: AsyncStream<Value> { reference.changes() }
}

extension SharedReference {
  /// A stream of the values after each change, subscribed until it ends.
  func changes() -> AsyncStream<Value> {
    AsyncStream(bufferingPolicy: .unbounded) { continuation in
      let subscription = subscribe(
        onChange: { continuation.yield($0) }, onEnd: { continuation.finish() })
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }
}

/// The subscribers to one root value's changes: its `values` streams.
///
/// NB: made by a root's first subscriber; a root checks for it and for `isObserved` (two atomic
/// loads) on every change, and takes the subscribers' lock only when there are some, so a value
/// nobody streams pays nothing more. Not generic over the value, so that the root's unspecialized
/// generic code finds its type without a metadata lookup on every change (a generic one cost
/// each write ~60 ns); values pass as `Any`, boxed only while someone streams them.
final class SharedChangeObservers: Sendable {
  struct Observer {
    let id: UInt64
    let onChange: @Sendable (Any) -> Void
    let onEnd: @Sendable () -> Void
  }

  private let count = Atomic<Int>(0)
  private let state = LockedState<(nextID: UInt64, observers: [Observer])>((0, []))

  var isObserved: Bool { count.load(ordering: .acquiring) > 0 }

  func add(
    onChange: @escaping @Sendable (Any) -> Void, onEnd: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      state.observers.append(Observer(id: state.nextID, onChange: onChange, onEnd: onEnd))
      count.store(state.observers.count, ordering: .releasing)
      return state.nextID
    }
    return SharedSubscription { [weak self] in self?.remove(id) }
  }

  private func remove(_ id: UInt64) {
    state.withLock { state in
      state.observers.removeAll { $0.id == id }
      count.store(state.observers.count, ordering: .releasing)
    }
  }

  /// Calls each subscriber with `value`, outside the subscribers' lock (a subscriber may cancel).
  func notify(_ value: Any) {
    for observer in state.withLock({ $0.observers }) { observer.onChange(value) }
  }

  /// Ends every subscription: the value is gone.
  func endAll() {
    let observers = state.withLock { state in
      defer { state.observers = [] }
      count.store(0, ordering: .releasing)
      return state.observers
    }
    for observer in observers { observer.onEnd() }
  }
}
