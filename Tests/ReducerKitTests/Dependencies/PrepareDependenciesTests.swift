import ReducerKit
import ReducerKitTesting
import Testing

/// A greeting only these tests prepare.
private enum Greeting: DependencyKey {
  static let liveValue = "live hello"
  static let testValue = "test hello"
}

/// A key read in a live context, prepared afterwards.
private enum Motto: DependencyKey {
  static let liveValue = "live motto"
  static let testValue = "test motto"
}

/// A key prepared in a live context.
private enum Banner: DependencyKey {
  static let liveValue = "live banner"
  static let testValue = "test banner"
}

extension DependencyValues {
  fileprivate var greeting: String {
    get { self[Greeting.self] }
    set { self[Greeting.self] = newValue }
  }
  fileprivate var motto: String {
    get { self[Motto.self] }
    set { self[Motto.self] = newValue }
  }
  fileprivate var banner: String {
    get { self[Banner.self] }
    set { self[Banner.self] = newValue }
  }
}

/// Reads the greeting into state.
private struct GreetingReader: Reducer {
  @Dependency(\.greeting) var greeting
  func reduce(into state: inout String, action: Bool) -> Effect<Bool> {
    state = greeting
    return .none
  }
}

@MainActor
@Suite struct PrepareDependenciesTests {
  @Test(arguments: ["hello", "bonjour", "hallo", "ciao"])
  func aTestsPreparedValueReachesItsStoresAndReadsAndNoOtherTest(greeting: String) async {
    prepareDependencies { $0.greeting = greeting }
    @Dependency(\.greeting) var read
    #expect(read == greeting)
    let store = TestStore(initialState: "") { GreetingReader() }
    await store.send(true) { $0 = greeting }
  }

  @Test func aTestThatPreparesNothingGetsTheTestValue() {
    @Dependency(\.greeting) var read
    #expect(read == "test hello")
  }

  @Test func anOverrideStillWinsOverAPreparedValue() async {
    prepareDependencies { $0.greeting = "prepared" }
    let store = TestStore(initialState: "") {
      GreetingReader()
    } withDependencies: {
      $0.greeting = "overridden"
    }
    await store.send(true) { $0 = "overridden" }
  }

  @Test func aLiveAppsPreparedValueIsTheKeysValueFromThenOn() {
    withDependencies {
      $0.context = .live
    } operation: {
      prepareDependencies { $0.banner = "prepared banner" }
      @Dependency(\.banner) var banner
      #expect(banner == "prepared banner")
    }
  }

  @Test func preparingAKeyAlreadyReadWarnsAndSetsItForLaterReads() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.motto) var early
      #expect(early == "live motto")
      expectIssues {
        prepareDependencies { $0.motto = "prepared motto" }
      } matching: { issue in
        issue.comments.first?.rawValue == """
          "prepareDependencies" set a dependency that had already been read; what was read \
          before keeps its old value.

          Call "prepareDependencies" once, as early as possible: in the app's entry point, \
          before any store or "@Dependency" reads the keys it sets.
          """
      }
      @Dependency(\.motto) var late
      #expect(late == "prepared motto")
    }
  }
}
