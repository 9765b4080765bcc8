import Foundation
import ReducerKit
import ReducerKitTesting
import Testing
import ToolshedExample

/// The two steps of signing in, and every way each can be refused.
@MainActor
@Suite struct ToolshedSignInTests {
  nonisolated static let challenge = CodeChallenge(email: "ada@example.com", token: "t-1")
  nonisolated static let ada = Member(email: "ada@example.com", name: "Ada")

  /// Types the address and asks for a code, which the client sends.
  private func requestCode(_ store: TestStoreOf<SignIn>) async {
    await store.send(.view(.emailChanged(" ada@example.com "))) { $0.email = "ada@example.com" }
    await store.send(.view(.sendCodeTapped)) { $0.isRequestInFlight = true }
    await store.receive(\.internal.codeSent.success) {
      $0.isRequestInFlight = false
      $0.challenge = Self.challenge
    }
  }

  @Test func aCodeSentToTheAddressSignsTheMemberIn() async {
    let verified = LockIsolated<[String]>([])
    let store = TestStore(initialState: SignIn.State()) {
      SignIn()
    } withDependencies: {
      $0.signIn.sendCode = { email in CodeChallenge(email: email, token: "t-1") }
      $0.signIn.verify = { challenge, code in
        verified.withValue { $0.append("\(challenge.token):\(code)") }
        return Self.ada
      }
    }
    await requestCode(store)
    #expect(!store.state.canSubmit)
    await store.send(.view(.codeChanged("2-4-6-8-0"))) { $0.code = "2468" }
    #expect(store.state.canSubmit)
    await store.send(.view(.verifyTapped)) { $0.isRequestInFlight = true }
    await store.receive(\.internal.verified.success) { $0.isRequestInFlight = false }
    await store.receive(\.delegate.signedIn, Self.ada)
    #expect(verified.value == ["t-1:2468"])
  }

  @Test func anAddressTheServerRefusesShowsAnAlert() async {
    let store = TestStore(initialState: SignIn.State()) {
      SignIn()
    } withDependencies: {
      $0.signIn.sendCode = { throw ToolshedError.notAnEmailAddress($0) }
    }
    await store.send(.view(.emailChanged("ada"))) { $0.email = "ada" }
    await store.send(.view(.sendCodeTapped)) { $0.isRequestInFlight = true }
    await store.receive(\.internal.codeSent.failure) {
      $0.isRequestInFlight = false
      $0.alert = AlertState {
        TextState("Could not sign in")
      } message: {
        TextState("“ada” is not an email address. Check it and try again.")
      }
    }
    await store.send(\.alert.dismiss) { $0.alert = nil }
  }

  @Test func aWrongCodeShowsAnAlertAndKeepsTheSecondStep() async {
    let store = TestStore(initialState: SignIn.State()) {
      SignIn()
    } withDependencies: {
      $0.signIn.sendCode = { email in CodeChallenge(email: email, token: "t-1") }
      $0.signIn.verify = { _, _ in throw ToolshedError.wrongCode }
    }
    await requestCode(store)
    await store.send(.view(.codeChanged("1111"))) { $0.code = "1111" }
    await store.send(.view(.verifyTapped)) { $0.isRequestInFlight = true }
    await store.receive(\.internal.verified.failure) {
      $0.isRequestInFlight = false
      $0.alert = AlertState {
        TextState("Could not sign in")
      } message: {
        TextState("That code is not the one we sent. Check the message and type it again.")
      }
    }
    #expect(store.state.challenge == Self.challenge)
  }

  @Test func anExpiredCodesAlertSendsANewCode() async {
    let sent = LockIsolated(0)
    let store = TestStore(initialState: SignIn.State()) {
      SignIn()
    } withDependencies: {
      $0.signIn.sendCode = { email in
        sent.withValue { $0 += 1 }
        return CodeChallenge(email: email, token: "t-\(sent.value)")
      }
      $0.signIn.verify = { _, _ in throw ToolshedError.codeExpired }
    }
    await requestCode(store)
    await store.send(.view(.codeChanged("2468"))) { $0.code = "2468" }
    await store.send(.view(.verifyTapped)) { $0.isRequestInFlight = true }
    await store.receive(\.internal.verified.failure) {
      $0.isRequestInFlight = false
      $0.alert = AlertState {
        TextState("That code has expired.")
      } actions: {
        ButtonState(action: .sendNewCodeTapped) { TextState("Send a new code") }
        ButtonState(role: .cancel) { TextState("Not now") }
      }
    }
    await store.send(\.alert.sendNewCodeTapped) {
      $0.alert = nil
      $0.isRequestInFlight = true
      $0.code = ""
    }
    await store.receive(\.internal.codeSent.success) {
      $0.isRequestInFlight = false
      $0.challenge = CodeChallenge(email: "ada@example.com", token: "t-2")
    }
  }

  @Test func anotherAddressGoesBackToTheFirstStep() async {
    var state = SignIn.State()
    state.email = "ada@example.com"
    state.challenge = Self.challenge
    state.code = "24"
    let store = TestStore(initialState: state) { SignIn() }
    await store.send(.view(.useAnotherAddressTapped)) {
      $0.challenge = nil
      $0.code = ""
    }
    // Nothing is sent while no address is typed, or a code without a challenge.
    await store.send(.view(.emailChanged(""))) { $0.email = "" }
    await store.send(.view(.sendCodeTapped))
    await store.send(.view(.verifyTapped))
  }

  @Test func theDemoServerSendsACodeThatExpiresAfterTenMinutes() async throws {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let client = SignInClient.liveValue
    let challenge = try await withDependencies {
      $0.date.now = start
    } operation: {
      try await client.sendCode("grace@example.com")
    }
    let member = try await withDependencies {
      $0.date.now = start.addingTimeInterval(599)
    } operation: {
      try await client.verify(challenge, SignInClient.demoCode)
    }
    #expect(member == Member(email: "grace@example.com", name: "Grace"))
    await #expect(throws: ToolshedError.wrongCode) {
      try await withDependencies {
        $0.date.now = start
      } operation: {
        try await client.verify(challenge, "0000")
      }
    }
    await #expect(throws: ToolshedError.codeExpired) {
      try await withDependencies {
        $0.date.now = start.addingTimeInterval(600)
      } operation: {
        try await client.verify(challenge, SignInClient.demoCode)
      }
    }
    await #expect(throws: ToolshedError.notAnEmailAddress("grace@")) {
      try await client.sendCode("grace@")
    }
  }
}
