extension SessionRecording {
  /// Swift Testing source asserting this session against the reducer alone: from the initial
  /// state, each recorded action in order, reduced by `feature`, then the fields it changed
  /// expected to hold what they held when the session was recorded.
  ///
  /// ```swift
  /// let source = recording.testSource(
  ///   feature: "Counter()", initialState: "Counter.State()", startingFrom: Counter.State(),
  ///   imports: ["CounterExample"])
  /// ```
  ///
  /// ```swift
  /// @MainActor
  /// @Test func recordedSession() {
  ///   let feature = Counter()
  ///   var state = Counter.State()
  ///
  ///   // Step 0, sent from outside the store.
  ///   _ = feature.reduce(into: &state, action: .view(.incrementTapped))
  ///   #expect(state.count == 1)
  ///   …
  /// }
  /// ```
  ///
  /// No effect runs: what an effect sent back was recorded as a step of its own, and is reduced
  /// in its place, so the test needs no dependencies of the effects and passes as generated. It
  /// fails when the reducer no longer does what it did, at the step and field where it differs.
  ///
  /// A field is read where it is: through nested structs, present optionals
  /// (`state.addMeeting?.title`), enum cases (`state[case: App.State.signIn]?.email`) and a
  /// stack's elements (`state.path[id: 0]?[case: Path.State.detail]?.title`, with the stack's
  /// `ids` expected too), so a feature state's fields are expected one by one even where the
  /// state has no initializer the test could call.
  ///
  /// Values are written as Swift (see the guide "Debugging a session"); one that cannot be (an
  /// object, a closure) is written as a comment naming its type, so the test does not
  /// compile until it is filled in, and never compiles while saying something untrue. A struct
  /// is written through its memberwise initializer, which another module may not see: such
  /// places need an edit. Shared values are written as each step left them.
  ///
  /// A reducer that reads a dependency while it reduces (a UUID, a date) needs the values it had
  /// while the session was recorded: name them in `dependencies`, as `withDependencies` sets
  /// them (`"$0.uuid = .incrementing"`).
  ///
  /// - Parameters:
  ///   - testName: The test function's name.
  ///   - feature: The expression that makes the reducer, as the test writes it.
  ///   - initialState: The expression that makes the state the test starts from.
  ///   - baseline: The value `initialState` makes, when given: the fields where the recording's
  ///     initial state differs are set after it. Without one, the recording is taken to start
  ///     from that value.
  ///   - dependencies: Lines that set the dependencies the reducer reads while it reduces, each
  ///     a statement on `$0`; none by default.
  ///   - imports: The modules the test imports besides ReducerKit and Testing (the feature's).
  public func testSource(
    named testName: String = "recordedSession",
    feature: String,
    initialState: String,
    startingFrom baseline: State? = nil,
    dependencies: [String] = [],
    imports: [String] = []
  ) -> String {
    var writer = SwiftLiteral()
    // NB: lines are kept within 100 columns, after the body's indentation.
    let width = dependencies.isEmpty ? 98 : 96
    var body = ["let feature = \(feature)", "var state = \(initialState)"]
    let (initial, steps) = recordedChanges(from: baseline, depth: .readable, writer: &writer)
    for change in initial {
      body.append("state\(change.path) = \(change.expression)")
    }
    for (step, changes) in steps {
      body.append("")
      body.append("// Step \(step.index), \(step.origin).")
      body.append(
        contentsOf: SourceLayout.call(
          "_ = feature.reduce", "into: &state, action: \(writer.expression(for: step.action))",
          width: width))
      for change in changes {
        body.append(
          contentsOf: SourceLayout.call(
            "#expect", "state\(change.path) == \(change.expression)", width: width))
      }
    }
    let importLines = Set(["ReducerKit", "Testing"] + imports).sorted().map { "import \($0)" }
    let note =
      writer.isComplete
      ? []
      : [
        "// NB: values written as /* Type */ could not be written as Swift: fill them in.",
        "",
      ]
    return
      (importLines + [""] + note + [
        "/// A recorded session of \(steps.count) steps, reduced again by the reducer alone (no",
        "/// effect runs: what effects sent back is among the steps).",
        "@MainActor",
        "@Test func \(testName)() {",
      ] + Self.wrapped(body, dependencies: dependencies) + ["}", ""]).joined(separator: "\n")
  }
}

extension SessionRecording {
  /// The test's body, indented, in a `withDependencies` that sets `dependencies` when there are
  /// any.
  fileprivate static func wrapped(_ body: [String], dependencies: [String]) -> [String] {
    func indented(_ lines: [String], by indent: String) -> [String] {
      lines.map { $0.isEmpty ? "" : indent + $0 }
    }
    guard !dependencies.isEmpty else { return indented(body, by: "  ") }
    return ["  withDependencies {"] + indented(dependencies, by: "    ")
      + ["  } operation: {"] + indented(body, by: "    ") + ["  }"]
  }
}
