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
    // NB: inside `withMainSerialExecutor` the relay's task prefers the call's test executor, as
    // the relay store's effects do: the task leaves the main actor to wait for them, and such a
    // hop carries no task the routing of unstructured tasks could read the call from, so without
    // the preference it would wait on a thread of the pool, where a test clock cannot see it.
    let effect = self
    let task = Task(executorPreference: TestExecution.ambientExecutor) {
      await EffectRelay.run(effect, into: continuation)
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

  /// Runs `effect` in a store of its own, passing each action it sends to `output`, and ends
  /// `output` once every part of it has finished.
  @MainActor
  static func run(_ effect: Effect<Output>, into output: AsyncStream<Output>.Continuation) async {
    let store = Store(initialState: ()) { EffectRelay(effect: effect, output: output) }
    // NB: the relay is not the effect's feature: whichever category of action it sends is
    // passed on, not judged.
    store.checksActionCategories = false
    await store.send(.start).finish()
    output.finish()
  }

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
