import ReducerKitMigrate
import Testing

/// The rewrites of TCA's older and rarer spellings, each on the shape a TCA user writes, and
/// what is listed where a rewrite needs what one file does not say.
@Suite struct MigrationRewriteTests {
  func migrated(_ source: String) -> MigrationResult {
    Migration.migrate(source, path: "F.swift")
  }

  func notes(_ source: String) -> [String] {
    migrated(source).notes.map { "\($0.line): \($0.message)" }
  }

  @Test func oldCasePathsBecomeCaseConstructors() {
    let result = migrated(
      """
      Reduce { _, _ in .none }
        .ifLet(\\.$child, action: /Action.child) { Child() }
        .ifCaseLet(/State.loggedIn, action: /Action.loggedIn) { Home() }
      Scope(state: /State.alert, action: /Action.alert) {}
      parent.$child[case: /Child.int] = nil
      let half = total / Count.max  // Foo.bar /Not.this
      await store.send(.tap) {
        try (/Parent.Destination.State.child).modify(&$0.destination) {
          $0.count = 1
        }
        try (/State.child1).modify(&$0) {
          try $0.load()
        }
      }
      let child = (/State.child).extract(from: state)
      """)
    #expect(
      result.text == """
        Reduce { _, _ in .none }
          .ifLet(\\.$child, action: Action.child) { Child() }
          .ifCaseLet(State.loggedIn, action: Action.loggedIn) { Home() }
        Scope(state: State.alert, action: Action.alert) {}
        parent.$child[case: Child.int] = nil
        let half = total / Count.max  // Foo.bar /Not.this
        await store.send(.tap) {
          $0.destination.modify(Parent.Destination.State.child) {
            $0.count = 1
          }
          try $0.modify(State.child1) {
            try $0.load()
          }
        }
        let child = state[case: State.child]
        """)
    #expect(result.notes.isEmpty)
  }

  @Test func printersClocksAndEnumReducerBodiesTakeTheirNamesHere() {
    let result = migrated(
      """
      @Reducer
      enum Path {
        case detail(Detail)
      }
      let printer = _ReducerPrinter<Int, Bool>(printChange: { _, _ in })
      @Dependency(\\.mainRunLoop.now.date) var now
      var body: some ReducerOf<Self> {
        Reduce { _, _ in .none }
          .forEach(\\.path, action: \\.path) { Path.body }
      }
      """)
    #expect(result.text.contains("let printer = ReducerPrinter<Int, Bool>(printChange:"))
    #expect(result.text.contains("@Dependency(\\.date.now) var now"))
    #expect(result.text.contains(".forEach(\\.path, action: \\.path) { Path() }"))
    #expect(result.notes.isEmpty)
  }

  @Test func aCaseKeyPathSubscriptIsListedWithTheEnumsName() {
    #expect(
      notes(
        """
        struct Parent {
          enum Destination {
            case editor(Int)
            case alert(String)
          }
        }
        #expect(state.destination?[case: \\.editor] == 1)
        XCTAssertEqual(action[case: \\.binding.$count], 42)
        let x = value[case: \\.elsewhere]
        """) == [
          "7: [case: \\.editor] takes the case's constructor here: write "
            + "[case: Parent.Destination.editor]",
          "8: [case: \\.binding.$count] reads a binding action's value: write "
            + "\"bindingAction.value(at: \\.field)\", or match \"case .binding(\\.field)\"",
          "9: [case: \\.elsewhere] takes the case's constructor here: write "
            + "[case: Enum.elsewhere] with the enum's name",
        ])
  }

  @Test func anEnumReducerKeepsIgnoredCasesDirectivesItsOwnActionAndBody() {
    let result = migrated(
      """
      @Reducer
      enum Destination {
        @ReducerCaseIgnored case alert(AlertState<Alert>)
        case edit(Form)
        #if DEBUG
          @ReducerCaseIgnored
          case debug
        #endif

        @CasePathable
        enum Action {
          case alert(Alert)
          case edit(Form.Action)
        }

        static var body: some ReducerOf<Self> {
          Scope(state: \\.edit, action: \\.edit) { Form() }
          Reduce { _, _ in .none }
        }
      }
      """)
    #expect(
      result.text == """
        struct Destination: CaseReducer {
          @dynamicMemberLookup
          enum State: CasePathable {
            case alert(AlertState<Alert>)
            case edit(Form.State)
            #if DEBUG
            case debug
            #endif
          }
          enum CaseScope: CaseScopeEnum {
            case alert(AlertState<Alert>)
            case edit(Store<Form.State, Form.Action>)
            #if DEBUG
            case debug
            #endif
          }

          enum Action: CasePathable, Sendable {
            case alert(Alert)
            case edit(Form.Action)
          }

          var body: some ReducerOf<Self> {
            Scope(state: \\.edit, action: \\.edit) { Form() }
            Reduce { _, _ in .none }
          }

          init() {}
        }

        extension Destination.State: CaseReducerState { typealias StateReducer = Destination }
        """)
    #expect(result.notes.isEmpty)
  }

  @Test func aPrivateFeaturesConformanceIsFilePrivate() {
    let result = migrated(
      """
      private struct Screen {
        @Reducer
        enum Destination {
          case edit(Form)
        }
      }
      """)
    #expect(
      result.text.hasSuffix(
        "extension Screen.Destination.State: CaseReducerState { fileprivate typealias "
          + "StateReducer = Screen.Destination }"))
  }

  @Test func aPrivateEnumReducersMembersAreAsVisibleAsItAndBodyCasesAreFeatures() {
    let result = migrated(
      """
      @Reducer private enum Outer {
        case inner(Inner.Body = Inner.body)
      }
      """)
    #expect(result.notes.isEmpty)
    #expect(result.text.hasPrefix("private struct Outer: CaseReducer {\n  @dynamicMemberLookup\n"))
    #expect(result.text.contains("\n  enum State: CasePathable {\n    case inner(Inner.State)\n"))
    #expect(result.text.contains("\n  init() {}\n"))
    #expect(result.text.contains("Scope(state: \\.inner, action: \\.inner) { Inner() }"))
    #expect(
      result.text.hasSuffix(
        "extension Outer.State: CaseReducerState { fileprivate typealias StateReducer = Outer }"))
  }

  @Test func anEnumReducerInAFunctionIsListed() {
    #expect(
      notes(
        """
        func testPresents() {
          @Reducer
          enum Destination {
            case edit(Form)
          }
        }
        """) == [
          "2: Destination is declared in a function, where its state cannot be given the "
            + "CaseReducerState conformance: give the parent's ifLet or forEach its reducer "
            + "(\"{ Destination() }\")"
        ])
  }

  @Test func attributesBetweenTheMacroAndTheDeclarationStay() {
    #expect(
      migrated("@CasePathable\n@dynamicMemberLookup\nenum E {\n}\n").text
        == "@dynamicMemberLookup\nenum E: CasePathable {\n}\n")
    let reducer = migrated(
      "@Reducer\n@available(iOS 17, *)\nstruct A {\n  struct State {}\n  enum Action {}\n"
        + "  var body: some ReducerOf<Self> { EmptyReducer() }\n}\n")
    #expect(reducer.notes.isEmpty)
    #expect(reducer.text.hasPrefix("@available(iOS 17, *)\nstruct A: Reducer {\n"))
  }

  @Test func aReducerWithoutStateActionOrBodyGetsWhatTheMacroGave() {
    let result = migrated("@Reducer struct Empty {}\n")
    #expect(
      result.text == """
        struct Empty: Reducer {
          struct State: Equatable, Sendable { init() {} }
          enum Action: CasePathable, Sendable {}
          var body: some ReducerOf<Self> { EmptyReducer() }
        }

        extension Empty.State: ReducerState { typealias StateReducer = Empty }

        """)
    #expect(result.notes.isEmpty)
  }

  @Test func schedulersAreRewrittenPerUseAndTheRestListed() {
    let result = migrated(
      """
      struct Feature: Reducer {
        @Dependency(\\.mainQueue) var mainQueue
        var body: some ReducerOf<Self> {
          Reduce { _, _ in
            .run { _ in try await mainQueue.sleep(for: 1) }
          }
        }
        func other() { mainQueue.schedule { } }
      }
      """)
    #expect(result.text.contains("@Dependency(\\.continuousClock) var clock"))
    #expect(result.text.contains("try await clock.sleep(for: .seconds(1))"))
    #expect(result.notes.map(\.line) == [8])
    #expect(
      result.notes.first?.message.hasPrefix("a use of the scheduler a clock does not have")
        == true)
  }
}
