extension SessionRecording {
  /// Swift Testing source replaying this session through a `TestStore`: each action sent from
  /// outside sent again, each action an effect or a reducer sent received, in recorded order,
  /// with the fields each changed asserted as they were when the session was recorded.
  ///
  /// ```swift
  /// let source = recording.testStoreSource(
  ///   feature: "Counter()", initialState: "Counter.State()", imports: ["CounterExample"])
  /// ```
  ///
  /// ```swift
  /// @MainActor
  /// @Test func recordedSession() async {
  ///   let store = TestStore(initialState: Counter.State()) {
  ///     Counter()
  ///   } withDependencies: {
  ///     // What the session's effects sent back, for the mocks below to return:
  ///     // - step 4, by the effect at CounterExample/Counter.swift:52:
  ///     //   .internal(.factResponse(.success("10 is a prime number")))
  ///     $0.numberFact = <#NumberFactClient#>
  ///   }
  ///
  ///   // Step 0, sent from outside the store.
  ///   await store.send(.view(.incrementTapped)) {
  ///     $0.count = 1
  ///   }
  ///   …
  ///   // Step 4, sent by the effect at CounterExample/Counter.swift:52.
  ///   await store.receive(\.internal.factResponse.success, "10 is a prime number") {
  ///     $0.fact = "10 is a prime number"
  ///   }
  /// }
  /// ```
  ///
  /// Unlike ``testSource(named:feature:initialState:startingFrom:fromStep:dependencies:imports:)``, the
  /// effects run here, so they need the dependencies they read: every dependency the recorded
  /// feature declares (its `@Dependency` properties, its child reducers' included) that
  /// `dependencies` does not set gets an editor placeholder, `$0.numberFact = <#NumberFactClient#>`,
  /// under a comment listing what each effect sent back in the session, so that the mock can be
  /// written to return it. The source does not compile until every placeholder is filled in. A
  /// dependency is named by its key path where the runtime can tell it (the library's own, and
  /// any on Apple platforms) and otherwise by the property that declares it: where the two
  /// differ, correct the name.
  ///
  /// A received action is written in full when the feature's `Action` is `Equatable`, and by
  /// its cases (`\.internal.factResponse.success`) when it is not. Shared fields are asserted
  /// through their lock, `$0.$settings.withLock { $0.signature = "Ada" }`. Fields are assigned
  /// where they are, through optionals and enum cases (`$0[case: App.State.signIn]?.code = "1"`),
  /// except where the step made the optional or entered the case: that is assigned whole,
  /// through the memberwise initializers of what it holds (`$0 = .shed(Shed.State(…))`), which
  /// a state with an initializer of its own does not have; such a line needs an edit. So does a
  /// stack that gained or lost elements, assigned whole the same way. Effects that waited
  /// on a clock need a clock that does not wait (`ImmediateClock()`), or the test's own
  /// `advance(by:)` calls added between the steps. Effects still running when the recording
  /// stopped are skipped at the end, with a comment saying so.
  ///
  /// - Parameters:
  ///   - testName: The test function's name.
  ///   - feature: The expression that makes the reducer, as the test writes it.
  ///   - initialState: The expression that makes the state the test starts from.
  ///   - baseline: The value `initialState` makes, when given: the fields where the recording's
  ///     initial state differs are set after it. Without one, the recording is taken to start
  ///     from that value.
  ///   - dependencies: Lines that set dependencies, each a statement on `$0`; a dependency a
  ///     line sets (`$0.numberFact = …`, `$0.numberFact.fetch = …`) gets no placeholder.
  ///   - imports: The modules the test imports besides ReducerKit, ReducerKitTesting and Testing.
  public func testStoreSource(
    named testName: String = "recordedSession",
    feature: String,
    initialState: String,
    startingFrom baseline: State? = nil,
    dependencies: [String] = [],
    imports: [String] = []
  ) -> String {
    var writer = SwiftLiteral()
    let width = 98
    var body: [String] = []
    let (initial, steps) = recordedChanges(from: baseline, depth: .assignable)
    var stateExpression = initialState
    if !initial.isEmpty {
      body.append("var initialState = \(initialState)")
      for change in initial {
        body.append(
          contentsOf: Self.assignment(change, on: "initialState", width: width))
      }
      stateExpression = "initialState"
    }
    body.append("let store = TestStore(initialState: \(stateExpression)) {")
    body.append("  \(feature)")
    let setUp = dependencySetUp(given: dependencies, steps: steps.map(\.step), writer: &writer)
    if setUp.isEmpty {
      body.append("}")
    } else {
      body.append("} withDependencies: {")
      body.append(contentsOf: setUp.map { "  " + $0 })
      body.append("}")
    }
    for (step, changes) in steps {
      body.append("")
      body.append("// Step \(step.index), \(step.origin).")
      let call =
        step.origin == .outside
        ? SourceLayout.call("await store.send", writer.expression(for: step.action), width: width)
        : received(step.action, writer: &writer, width: width)
      body.append(contentsOf: call)
      guard !changes.isEmpty else { continue }
      // NB: after a call broken over lines, its closing parenthesis starts the closure's line.
      if call.count > 1 {
        body[body.count - 1].removeLast()
        body.append(") {")
      } else {
        body[body.count - 1] += " {"
      }
      for change in changes {
        body.append(
          contentsOf: Self.assignment(change, on: "$0", width: width - 2)
            .map { "  " + $0 })
      }
      body.append("}")
    }
    let running = effects.filter { $0.ending == .running }
    if !running.isEmpty {
      body.append("")
      body.append(
        "// \(running.count == 1 ? "An effect" : "\(running.count) effects") still ran when the "
          + "session was recorded.")
      body.append("await store.skipInFlightEffects()")
    }
    let importLines = Set(["ReducerKit", "ReducerKitTesting", "Testing"] + imports).sorted()
      .map { "import \($0)" }
    let isComplete =
      writer.isComplete && (initial + steps.flatMap(\.changes)).allSatisfy(\.isComplete)
    let note =
      isComplete
      ? []
      : ["// NB: values written as /* Type */ could not be written as Swift: fill them in.", ""]
    return
      (importLines + [""] + note + [
        "/// A recorded session of \(steps.count == 1 ? "1 step" : "\(steps.count) steps"), "
          + "replayed through a test store: what was sent",
        "/// from outside sent again, what effects sent back received.",
        "@MainActor",
        "@Test func \(testName)() async {",
      ] + body.map { $0.isEmpty ? "" : "  " + $0 } + ["}", ""]).joined(separator: "\n")
  }

  /// `await store.receive(…)` for an action an effect or a reducer sent: the action itself when
  /// actions are `Equatable`; otherwise the path of its cases, with the innermost payload when
  /// that is `Equatable` and written with its type.
  private func received(_ action: Action, writer: inout SwiftLiteral, width: Int) -> [String] {
    guard action is any Equatable else {
      let (path, payload) = Self.casePath(of: action)
      if let payload, payload is any Equatable {
        let value = writer.expression(for: payload)
        // NB: a value written with a leading dot, or `nil`, needs its type from the context,
        // which a generic parameter does not give.
        if !value.hasPrefix("."), !value.hasPrefix("[."), value != "nil" {
          return SourceLayout.call("await store.receive", "\\.\(path), \(value)", width: width)
        }
      }
      return ["await store.receive(\\.\(path))"]
    }
    return SourceLayout.call("await store.receive", writer.expression(for: action), width: width)
  }

  /// The names of the cases `value` is in, outermost first (`internal.factResponse.success`),
  /// and the payload of the innermost one, when it has a single one that is not an enum.
  private static func casePath(of value: Any) -> (path: String, payload: Any?) {
    var names: [String] = []
    var value = value
    while Mirror(reflecting: value).displayStyle == .enum {
      guard let child = Mirror(reflecting: value).children.first, let name = child.label else {
        if let (name, _) = destructureEnum(value) { names.append(name) }
        return (names.joined(separator: "."), nil)
      }
      names.append(name)
      value = child.value
    }
    let isSingle = Mirror(reflecting: value).displayStyle != .tuple
    return (names.joined(separator: "."), isSingle ? value : nil)
  }

  /// The statement asserting `change` on `root`: an assignment, or for a shared value an
  /// assignment through its lock.
  static func assignment(_ change: FieldChange, on root: String, width: Int) -> [String] {
    let value = change.expression
    guard let shared = change.shared else {
      return SourceLayout.lines("\(root)\(change.path) = \(value)", width: width)
    }
    guard !shared.isReadOnly else {
      return ["// \(root)\(change.path), read-only here, became \(value)"]
    }
    // NB: `.settings` is locked through its projection, `.$settings`.
    let lastDot = shared.path.lastIndex(of: ".") ?? shared.path.startIndex
    let projected =
      shared.path[..<lastDot] + ".$" + shared.path[shared.path.index(after: lastDot)...]
    let inside = change.path.dropFirst(shared.path.count)
    return SourceLayout.lines(
      "\(root)\(projected).withLock { $0\(inside) = \(value) }", width: width)
  }

  /// The `withDependencies` lines: `given`, then a placeholder for each dependency the feature
  /// declares that `given` does not set, after what the session's effects sent back.
  private func dependencySetUp(
    given: [String], steps: [SessionStep<State, Action>], writer: inout SwiftLiteral
  ) -> [String] {
    let set = Set(given.compactMap(Self.dependencyName(setBy:)))
    let missing = declaredDependencies.filter { !set.contains($0.name) }
    guard !missing.isEmpty else { return given }
    var lines = given
    let sentBack = steps.filter {
      if case .effect = $0.origin { return true } else { return false }
    }
    if !sentBack.isEmpty {
      lines.append("// What the session's effects sent back, for the mocks below to return:")
      for step in sentBack {
        guard case .effect(_, let fileID, let line) = step.origin else { continue }
        lines.append("// - step \(step.index), by the effect at \(fileID):\(line):")
        lines.append(
          contentsOf: SourceLayout.lines(writer.expression(for: step.action), width: 90)
            .map { "//   " + $0 })
      }
    }
    lines.append(contentsOf: missing.map { "$0.\($0.name) = <#\($0.type)#>" })
    return lines
  }

  /// The dependency a `withDependencies` line sets: `numberFact` in `$0.numberFact.fetch = …`.
  private static func dependencyName(setBy line: String) -> String? {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("$0.") else { return nil }
    let name = trimmed.dropFirst(3).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    return name.isEmpty ? nil : String(name)
  }
}
