import ReducerKit
import ReducerKitTesting
import Testing
import TicTacToeExample

/// Signing in, with and without a second factor, as TCA's LoginCore and TwoFactorCore tests
/// do it.
@MainActor
@Suite struct TicTacToeLoginTests {
  /// A login store whose server asks for a second factor, answered by `twoFactor`.
  private func makeTwoFactorLogin(
    twoFactor: @escaping @Sendable (String, String) async throws -> AuthenticationResponse
  ) -> TestStoreOf<Login> {
    TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in
        AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: true)
      }
      $0.authenticationClient.twoFactor = twoFactor
    }
  }

  /// Logs in, and submits the code "1234" in the second factor it presents.
  private func submitSecondFactor(_ store: TestStoreOf<Login>) async {
    await store.send(\.view.binding.email, "2fa@pointfree.co") { $0.email = "2fa@pointfree.co" }
    await store.send(\.view.binding.password, "password") {
      $0.password = "password"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    await store.receive(\.loginResponse.success) {
      $0.isLoginRequestInFlight = false
      $0.twoFactor = TwoFactor.State(token: "deadbeefdeadbeef")
    }
    await store.send(\.twoFactor.view.binding.code, "1234") {
      $0.twoFactor?.code = "1234"
      $0.twoFactor?.isFormValid = true
    }
    await store.send(\.twoFactor.view.submitButtonTapped) {
      $0.twoFactor?.isTwoFactorRequestInFlight = true
    }
  }

  @Test func aCodeOfFourDigitsIsSentWithTheToken() async {
    let sent = LockIsolated<[String]>([])
    let store = TestStore(initialState: TwoFactor.State(token: "deadbeefdeadbeef")) {
      TwoFactor()
    } withDependencies: {
      $0.authenticationClient.twoFactor = { code, token in
        sent.withValue { $0.append("\(code) \(token)") }
        return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
      }
    }
    await store.send(\.view.binding.code, "1") { $0.code = "1" }
    await store.send(\.view.binding.code, "12") { $0.code = "12" }
    await store.send(\.view.binding.code, "123") { $0.code = "123" }
    await store.send(\.view.binding.code, "1234") {
      $0.code = "1234"
      $0.isFormValid = true
    }
    await store.send(\.view.submitButtonTapped) { $0.isTwoFactorRequestInFlight = true }
    await store.receive(\.twoFactorResponse.success) { $0.isTwoFactorRequestInFlight = false }
    #expect(sent.value == ["1234 deadbeefdeadbeef"])
  }

  @Test func aRefusedCodeShowsAnAlert() async {
    let store = TestStore(initialState: TwoFactor.State(token: "deadbeefdeadbeef")) {
      TwoFactor()
    } withDependencies: {
      $0.authenticationClient.twoFactor = { _, _ in
        throw AuthenticationError.invalidTwoFactor
      }
    }
    await store.send(\.view.binding.code, "1234") {
      $0.code = "1234"
      $0.isFormValid = true
    }
    await store.send(\.view.submitButtonTapped) { $0.isTwoFactorRequestInFlight = true }
    await store.receive(\.twoFactorResponse.failure) {
      $0.alert = AlertState { TextState("Wrong two-factor code.") }
      $0.isTwoFactorRequestInFlight = false
    }
    await store.send(\.alert.dismiss) { $0.alert = nil }
  }

  @Test func aRefusedPasswordShowsAnAlert() async {
    let store = TestStore(initialState: Login.State()) {
      Login()
    } withDependencies: {
      $0.authenticationClient.login = { _, _ in throw AuthenticationError.invalidUserPassword }
    }
    await store.send(\.view.binding.email, "blob@pointfree.co") { $0.email = "blob@pointfree.co" }
    #expect(!store.state.isFormValid)
    await store.send(\.view.binding.password, "wrong") {
      $0.password = "wrong"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) { $0.isLoginRequestInFlight = true }
    await store.receive(\.loginResponse.failure) {
      $0.alert = AlertState { TextState("Unknown user or wrong password.") }
      $0.isLoginRequestInFlight = false
    }
    await store.send(\.alert.dismiss) { $0.alert = nil }
  }

  @Test func anAccountWithASecondFactorPresentsIt() async {
    let store = makeTwoFactorLogin { _, _ in
      AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
    }
    await submitSecondFactor(store)
    await store.receive(\.twoFactor.twoFactorResponse.success) {
      $0.twoFactor?.isTwoFactorRequestInFlight = false
    }
  }

  @Test func dismissingTheSecondFactorCancelsItsRequest() async {
    let store = makeTwoFactorLogin { _, _ in try await Task.never() }
    await submitSecondFactor(store)
    // The request never answers: dismissing the sheet cancels it, so nothing is left running.
    await store.send(\.twoFactor.dismiss) { $0.twoFactor = nil }
    await store.finish()
  }
}
