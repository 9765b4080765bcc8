import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Opens the help page and notes whether it opened.
private struct Help: Reducer {
  struct State: Equatable, Sendable { var opened: Bool? }
  enum Action: Equatable, Sendable {
    case helpTapped
    case didOpen(Bool)
  }
  static let url = URL(string: "https://example.com/help")!
  @Dependency(\.openURL) var openURL

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .helpTapped:
      return .run { [openURL] send in
        await send(.didOpen(await openURL(Help.url)))
      }
    case .didOpen(let opened):
      state.opened = opened
      return .none
    }
  }
}

/// `@Dependency(\.openURL)`: the system's opener live, a test failure in tests unless overridden.
@MainActor
@Suite struct OpenURLTests {
  @Test func openingAURLInATestWithoutOverridingItFailsWhereItOpens() async {
    let store = TestStore(initialState: Help.State()) { Help() }
    await expectIssues {
      await store.send(.helpTapped)
      await store.receive(.didOpen(false)) { $0.opened = false }
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix(
        #"Unimplemented: "@Dependency(\.openURL)" was called with https://example.com/help."#)
        && issue.sourceLocation?.fileName == "OpenURLTests.swift"
        && issue.sourceLocation?.line == 20
    }
  }

  @Test func anOverrideSeesTheURLAndSaysWhetherItOpened() async {
    let opened = LockIsolated<[URL]>([])
    let store = TestStore(initialState: Help.State()) {
      Help()
    } withDependencies: {
      $0.openURL = OpenURLEffect { url in
        opened.withValue { $0.append(url) }
        return true
      }
    }
    await store.send(.helpTapped)
    await store.receive(.didOpen(true)) { $0.opened = true }
    #expect(opened.value == [Help.url])
  }

  @Test func aCommandOpensWhenItExitsWithStatusZero() async {
    #expect(await OpenURLEffect.command("true")(Help.url))
    #expect(await OpenURLEffect.command("false")(Help.url) == false)
    #expect(await OpenURLEffect.command("reducerkit-no-such-command")(Help.url) == false)
  }
}
