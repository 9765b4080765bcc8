import Foundation
import ReducerKit
import ReducerKitTesting
import Testing
import ToolshedExample

/// The app as a whole: switching screens, the shed, and the borrow sheet that closes itself.
@MainActor
@Suite struct ToolshedTests {
  nonisolated static let ada = Member(email: "ada@example.com", name: "Ada")
  nonisolated static let drill = Tool(id: 1, name: "drill")
  nonisolated static let ladder = Tool(id: 2, name: "ladder")
  nonisolated static let now = Date(timeIntervalSince1970: 1_000_000)

  private func shed(tools: IdentifiedArrayOf<Tool> = [drill, ladder]) -> Shed.State {
    var shed = Shed.State(member: Self.ada)
    shed.tools = tools
    return shed
  }

  @Test func signingInShowsTheShedAndSigningOutAFreshSignIn() async {
    var signIn = SignIn.State()
    signIn.email = "ada@example.com"
    signIn.challenge = CodeChallenge(email: "ada@example.com", token: "t")
    signIn.code = "2468"
    let store = TestStore(initialState: Toolshed.State.signIn(signIn)) {
      Toolshed()
    } withDependencies: {
      $0.signIn.verify = { _, _ in Self.ada }
      $0.lending.tools = { [Self.drill, Self.ladder] }
    }
    await store.send(\.signIn.view.verifyTapped) {
      $0[case: Toolshed.State.signIn]?.isRequestInFlight = true
    }
    await store.receive(\.signIn.internal.verified.success) {
      $0[case: Toolshed.State.signIn]?.isRequestInFlight = false
    }
    await store.receive(\.signIn.delegate.signedIn) { $0 = .shed(Shed.State(member: Self.ada)) }
    await store.send(\.shed.view.appeared) { $0[case: Toolshed.State.shed]?.isLoadingTools = true }
    await store.receive(\.shed.internal.toolsLoaded.success) {
      $0.modify(Toolshed.State.shed) {
        $0.isLoadingTools = false
        $0.tools = [Self.drill, Self.ladder]
      }
    }
    await store.send(\.shed.view.signOutTapped)
    await store.receive(\.shed.delegate.signedOut) { $0 = .signIn(SignIn.State()) }
  }

  @Test func signingOutEndsWhatTheShedHadInFlight() async {
    let store = TestStore(initialState: Toolshed.State.shed(Shed.State(member: Self.ada))) {
      Toolshed()
    } withDependencies: {
      $0.lending.tools = { try await Task.never() }
    }
    await store.send(\.shed.view.appeared) { $0[case: Toolshed.State.shed]?.isLoadingTools = true }
    await store.send(\.shed.view.signOutTapped)
    await store.receive(\.shed.delegate.signedOut) { $0 = .signIn(SignIn.State()) }
    // The list that never loads was cancelled with the screen: nothing is left to finish.
    await store.finish()
  }

  @Test func aListThatFailsToLoadOffersToTryAgain() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: Shed.State(member: Self.ada)) {
      Shed()
    } withDependencies: {
      $0.lending.tools = {
        attempts.withValue { $0 += 1 }
        if attempts.value == 1 { throw ToolshedError.offline }
        return [Self.drill]
      }
    }
    await store.send(.view(.appeared)) { $0.isLoadingTools = true }
    await store.receive(\.internal.toolsLoaded.failure) {
      $0.isLoadingTools = false
      $0.alert = AlertState {
        TextState("The shed's list did not load")
      } actions: {
        ButtonState(action: .retryTapped) { TextState("Try again") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("The tool shed cannot be reached. Try again in a moment.")
      }
    }
    await store.send(\.alert.retryTapped) {
      $0.alert = nil
      $0.isLoadingTools = true
    }
    await store.receive(\.internal.toolsLoaded.success) {
      $0.isLoadingTools = false
      $0.tools = [Self.drill]
    }
  }

  @Test func aConfirmedLoanJoinsTheShedAndTheSheetClosesItself() async {
    let store = TestStore(initialState: shed()) {
      Shed()
    } withDependencies: {
      $0.lending.borrow = { tool, days, member in
        #expect(member == Self.ada)
        return Loan(tool: tool, due: Self.now.addingTimeInterval(Double(days) * 86_400))
      }
    }
    await store.send(.view(.borrowTapped(Self.ladder.id))) {
      $0.borrow = Borrow.State(tool: Self.ladder, member: Self.ada)
    }
    await store.send(\.borrow.view.daysChanged, 30) { $0.borrow?.days = 14 }
    await store.send(\.borrow.view.daysChanged, 3) { $0.borrow?.days = 3 }
    await store.send(\.borrow.view.confirmTapped) { $0.borrow?.isRequestInFlight = true }
    await store.receive(\.borrow.internal.borrowed.success) { $0.borrow?.isRequestInFlight = false }
    let loan = Loan(tool: Self.ladder, due: Self.now.addingTimeInterval(3 * 86_400))
    await store.receive(\.borrow.delegate.lent, loan) { $0.loans = [loan] }
    await store.receive(\.borrow.dismiss) { $0.borrow = nil }
    #expect(store.state.hasBorrowed(Self.ladder))
    // A tool the member has is not lent twice.
    await store.send(.view(.borrowTapped(Self.ladder.id)))
  }

  @Test func aRefusedLoanShowsAnAlertAndKeepsTheSheet() async {
    let store = TestStore(initialState: shed()) {
      Shed()
    } withDependencies: {
      $0.lending.borrow = { tool, _, _ in throw ToolshedError.toolOnLoan(tool) }
    }
    await store.send(.view(.borrowTapped(Self.drill.id))) {
      $0.borrow = Borrow.State(tool: Self.drill, member: Self.ada)
    }
    await store.send(\.borrow.view.confirmTapped) { $0.borrow?.isRequestInFlight = true }
    await store.receive(\.borrow.internal.borrowed.failure) {
      $0.borrow?.isRequestInFlight = false
      $0.borrow?.alert = AlertState {
        TextState("The drill was not lent")
      } message: {
        TextState("Someone else has just borrowed the drill.")
      }
    }
    await store.send(\.borrow.alert.dismiss) { $0.borrow?.alert = nil }
    await store.send(\.borrow.view.cancelTapped)
    await store.receive(\.borrow.dismiss) { $0.borrow = nil }
  }

  @Test func givingAToolBack() async {
    var state = shed()
    let loan = Loan(tool: Self.drill, due: Self.now)
    state.loans = [loan]
    let returned = LockIsolated<[Tool]>([])
    let store = TestStore(initialState: state) {
      Shed()
    } withDependencies: {
      $0.lending.giveBack = { tool, _ in returned.withValue { $0.append(tool) } }
    }
    await store.send(.view(.giveBackTapped(loan.id)))
    await store.receive(\.internal.givenBack) { $0.loans = [] }
    #expect(returned.value == [Self.drill])
  }

  @Test func aToolNotTakenBackShowsAnAlertAndStaysOnLoan() async {
    var state = shed()
    let loan = Loan(tool: Self.drill, due: Self.now)
    state.loans = [loan]
    let store = TestStore(initialState: state) {
      Shed()
    } withDependencies: {
      $0.lending.giveBack = { _, _ in throw ToolshedError.offline }
    }
    await store.send(.view(.giveBackTapped(loan.id)))
    await store.receive(\.internal.givenBack) {
      $0.alert = AlertState {
        TextState("The tool was not taken back")
      } message: {
        TextState("The tool shed cannot be reached. Try again in a moment.")
      }
    }
  }
}
