extension Effect where Action: Sendable {
  /// The actions this effect sends, run outside any feature: for testing an effect on its own,
  /// or for running one effect inside another.
  ///
  /// ```swift
  /// let effect = Effect<Int>.merge(.send(1), .run { send in await send(2) })
  /// var received: [Int] = []
  /// for await action in effect.actions { received.append(action) }   // [1, 2]
  /// ```
  ///
  /// The effect runs as a store would run it: `.send`s first, then its operations on the
  /// cooperative pool with the dependencies in force where it was built; cancel IDs (and
  /// debounce and throttle windows) are the run's own, so `.cancel(id:)` reaches only effects of
  /// this run. The sequence ends when every part of the effect has finished; ending its
  /// iteration (or cancelling the task that iterates) cancels whatever still runs.
  public var actions: AsyncStream<Action> {
    let (stream, continuation) = AsyncStream.makeStream(of: Action.self)
    let task = Task { @MainActor in
      let store = Store(initialState: ()) { EffectRelay(effect: self, output: continuation) }
      // NB: the relay is not the effect's feature: whichever category of action it sends is
      // passed on, not judged.
      store.checksActionCategories = false
      await store.send(.start).finish()
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}

/// The feature that runs an effect for ``Effect/actions``: its one action starts the effect,
/// and each action the effect sends is passed on.
private struct EffectRelay<Output: Sendable>: Reducer {
  enum Action: Sendable, CustomDumpStringConvertible {
    case start
    case output(Output)

    /// What a warning about the effect names as the action that started it: the iteration of
    /// `effect.actions`, not this relay's own action.
    var customDumpDescription: String {
      switch self {
      case .start: "(the iteration of effect.actions)"
      case .output(let action): customDump(action)
      }
    }
  }
  let effect: Effect<Output>
  let output: AsyncStream<Output>.Continuation

  func reduce(into state: inout Void, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return effect.map(Action.output)
    case .output(let action):
      output.yield(action)
      return .none
    }
  }
}
