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
  ///   - firstStep: The index of the step the test starts at, when not the first: the test
  ///     sets the state the steps before it left (each field's last change, assigned), then
  ///     reduces the steps from there on. Where a step before it changed a stack, the stack is
  ///     assigned whole, through its elements' initializers. A dependency the reducer reads
  ///     while it reduces starts afresh (an incrementing UUID generator at 0).
  ///   - dependencies: Lines that set the dependencies the reducer reads while it reduces, each
  ///     a statement on `$0`; none by default.
  ///   - imports: The modules the test imports besides ReducerKit and Testing (the feature's).
  public func testSource(
    named testName: String = "recordedSession",
    feature: String,
    initialState: String,
    startingFrom baseline: State? = nil,
    fromStep firstStep: Int? = nil,
    dependencies: [String] = [],
    imports: [String] = []
  ) -> String {
    testSourceParts(
      feature: feature, initialState: initialState, baseline: baseline,
      dependencies: dependencies, imports: imports
    ).source(named: testName, from: firstStep)
  }

  /// The parts ``testSource(named:feature:initialState:startingFrom:fromStep:dependencies:imports:)``
  /// puts together, which a file and a page keep.
  func testSourceParts(
    feature: String, initialState: String, baseline: State?, dependencies: [String],
    imports: [String]
  ) -> TestSourceParts {
    // NB: lines are kept within 100 columns, after the body's indentation.
    let width = dependencies.isEmpty ? 98 : 96
    let steps = recordedChanges(from: nil, depth: .readable).steps
    // NB: a setting assigns, so it does not go into a stack's elements.
    let (initial, settings) = recordedChanges(from: baseline, depth: .assignable)
    var parts: [TestSourceParts.Step] = []
    for ((step, changes), (_, settingChanges)) in zip(steps, settings) {
      var writer = SwiftLiteral()
      var lines = ["// Step \(step.index), \(step.origin)."]
      lines.append(
        contentsOf: SourceLayout.call(
          "_ = feature.reduce", "into: &state, action: \(writer.expression(for: step.action))",
          width: width))
      for change in changes {
        lines.append(
          contentsOf: SourceLayout.call(
            "#expect", "state\(change.path) == \(change.expression)", width: width))
      }
      parts.append(
        TestSourceParts.Step(
          index: step.index, lines: lines,
          isComplete: writer.isComplete && changes.allSatisfy(\.isComplete),
          setting: settingChanges.map {
            Self.assignment($0, on: "state", width: width).joined(separator: "\n")
          },
          settingIsComplete: settingChanges.allSatisfy(\.isComplete)))
    }
    return TestSourceParts(
      imports: imports, feature: feature, initialState: initialState,
      initial: initial.flatMap { Self.assignment($0, on: "state", width: width) },
      initialIsComplete: initial.allSatisfy(\.isComplete), dependencies: dependencies,
      steps: parts)
  }
}

extension SessionRecording {
  /// The test a page and a file hold: the recorded feature made with `Feature()`, the session
  /// taken to start from `Feature.State()`, values written as the session left them.
  func defaultTestSourceParts() -> TestSourceParts {
    testSourceParts(
      feature: feature.map { "\($0.name)()" } ?? "<#Feature()#>",
      initialState: "\(typeName(State.self))()", baseline: nil, dependencies: [],
      imports: feature.map { [$0.module] } ?? [])
  }
}
