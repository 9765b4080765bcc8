extension Reducer {
  /// Prints every action this reducer receives and how it changed the state.
  ///
  /// With the default printer, ``ReducerPrinter/customDump``, each action prints as
  /// `received action:`, the action's dump, then a diff of the state (lines removed marked `−`,
  /// lines added `+`), or `(No state changes)`. It uses the same dump and diff as a test store's
  /// failures. ``ReducerPrinter/actionLabels`` prints only each action's case path; pass `nil` to
  /// print nothing.
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
    _ printer: ReducerPrinter<State, Action>? = .customDump
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, printer: printer)
  }

  /// Prints every action this reducer receives and how it changed the state, as
  /// ``ReducerPrinter/customDump`` does, through `output` instead of standard output.
  public func _printChanges(to output: @escaping (String) -> Void) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, printer: .customDump(to: output))
  }
}

/// How `_printChanges` reports an action: ``customDump`` (the action and a diff of the state),
/// ``actionLabels`` (the action's case path only), or a closure of your own.
///
/// ```swift
/// Feature()._printChanges(.actionLabels)
/// // received action:
/// //   Feature.Action.rows(.element(id:, action: .toggled))
/// ```
public struct ReducerPrinter<State, Action> {
  let printChange: (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  /// Set for ``customDump``: prints the diff of the state's dump taken before the action, so
  /// that a `@Shared` value shows the change too (a copy of the old state reads a shared value
  /// as it is now), as TCA's printer does.
  let printDiff: ((_ receivedAction: Action, _ dumpBefore: [String], _ newState: State) -> Void)?

  /// A printer that calls `printChange` with each action, the state before it and after it.
  ///
  /// A `@Shared` value in `oldState` reads as it is now (a shared value is a reference): to
  /// see a shared value's change, use ``customDump``, which dumps the state before the action.
  public init(
    printChange: @escaping (_ receivedAction: Action, _ oldState: State, _ newState: State) -> Void
  ) {
    self.printChange = printChange
    printDiff = nil
  }

  /// Prints the action's dump and a diff of the state to standard output.
  public static var customDump: Self { customDump(to: { print($0) }) }

  /// Passes the action's dump and a diff of the state to `output`.
  public static func customDump(to output: @escaping (String) -> Void) -> Self {
    Self(
      printChange: { action, oldState, newState in
        let changes = diff(oldState, newState) ?? "  (No state changes)"
        output("received action:\n\(ReducerKit.customDump(action, indent: 2))\n\(changes)")
      },
      printDiff: { action, dumpBefore, newState in
        let changes = diff(dumpLines: dumpBefore, newState) ?? "  (No state changes)"
        output("received action:\n\(ReducerKit.customDump(action, indent: 2))\n\(changes)")
      })
  }

  private init(
    printChange: @escaping (Action, State, State) -> Void,
    printDiff: @escaping (Action, [String], State) -> Void
  ) {
    self.printChange = printChange
    self.printDiff = printDiff
  }

  /// Prints each action's case path (its cases and payload labels, no values) to standard
  /// output: what happened, without the state.
  public static var actionLabels: Self { actionLabels(to: { print($0) }) }

  /// Passes each action's case path to `output`.
  public static func actionLabels(to output: @escaping (String) -> Void) -> Self {
    Self { action, _, _ in
      output("received action:\n  \(caseLabel(of: action))")
    }
  }
}

/// A reducer that prints its actions and state changes. Built by `_printChanges(_:)`.
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let printer: ReducerPrinter<Base.State, Base.Action>?

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    #if DEBUG
      guard let printer else { return base.reduce(into: &state, action: action) }
      if let printDiff = printer.printDiff {
        let dumpBefore = expandedDumpLines(state)
        let effect = base.reduce(into: &state, action: action)
        printDiff(action, dumpBefore, state)
        return effect
      }
      let before = state
      let effect = base.reduce(into: &state, action: action)
      printer.printChange(action, before, state)
      return effect
    #else
      return base.reduce(into: &state, action: action)
    #endif
  }
}
