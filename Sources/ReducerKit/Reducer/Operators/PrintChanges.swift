extension Reducer {
  /// Prints every action this reducer receives and how it changed the state.
  ///
  /// Each action prints as `received action:`, the action's dump, then a diff of the state
  /// (lines removed marked `−`, lines added `+`), or `(No state changes)`. It uses the same dump
  /// and diff as a test store's failures.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State()) {
  ///   Counter()._printChanges()
  /// }
  /// store.send(.incrementTapped)
  /// // received action:
  /// //   Counter.Action.incrementTapped
  /// //   Counter.State(
  /// // −   count: 0
  /// // +   count: 1
  /// //   )
  /// ```
  ///
  /// > Important: A debugging aid: it copies and dumps the state on every action. Like its TCA
  /// > namesake, it prints only in debug builds and does nothing in release builds.
  public func _printChanges(
    to printer: @escaping (String) -> Void = { print($0) }
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, printer: printer)
  }
}

/// A reducer that prints its actions and state changes. Built by
/// `_printChanges(to:)`.
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: (String) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      let before = state
      let effect = base.reduce(into: &state, action: action)
      printer(Self.describe(action: action, before: before, after: state))
      return effect
    #else
      return base.reduce(into: &state, action: action)
    #endif
  }

  /// What one action printed: the action, then the state diff.
  static func describe(action: Base.Action, before: Base.State, after: Base.State) -> String {
    let changes = diff(before, after) ?? "  (No state changes)"
    return "received action:\n\(customDump(action, indent: 2))\n\(changes)"
  }
}
