import Foundation
import ReducerKit
import Testing
import ToolshedExample

/// A recorded session of 13 steps, reduced again by the reducer alone (no
/// effect runs: what effects sent back is among the steps).
@MainActor
@Test func aRecordedToolshedSessionReducesAsItDid() {
  let feature = Toolshed()
  var state = Toolshed.State()

  // Step 0, sent from outside the store.
  _ = feature.reduce(into: &state, action: .signIn(.view(.emailChanged("ada@example.com"))))
  #expect(state[case: Toolshed.State.signIn]?.email == "ada@example.com")

  // Step 1, sent from outside the store.
  _ = feature.reduce(into: &state, action: .signIn(.view(.sendCodeTapped)))
  #expect(state[case: Toolshed.State.signIn]?.isRequestInFlight == true)

  // Step 2, sent by the effect at ToolshedExample/SignIn.swift:64.
  _ = feature.reduce(
    into: &state,
    action: .signIn(
      .internal(.codeSent(.success(CodeChallenge(email: "ada@example.com", token: "1000600"))))))
  #expect(state[case: Toolshed.State.signIn]?.challenge?.email == "ada@example.com")
  #expect(state[case: Toolshed.State.signIn]?.challenge?.token == "1000600")
  #expect(state[case: Toolshed.State.signIn]?.isRequestInFlight == false)

  // Step 3, sent from outside the store.
  _ = feature.reduce(into: &state, action: .signIn(.view(.codeChanged("1111"))))
  #expect(state[case: Toolshed.State.signIn]?.code == "1111")

  // Step 4, sent from outside the store.
  _ = feature.reduce(into: &state, action: .signIn(.view(.verifyTapped)))
  #expect(state[case: Toolshed.State.signIn]?.isRequestInFlight == true)

  // Step 5, sent by the effect at ToolshedExample/SignIn.swift:80.
  _ = feature.reduce(
    into: &state, action: .signIn(.internal(.verified(.failure(ToolshedError.wrongCode)))))
  #expect(state[case: Toolshed.State.signIn]?.isRequestInFlight == false)
  #expect(
    state[case: Toolshed.State.signIn]?.alert == AlertState(
      title: TextState("Could not sign in"),
      message: TextState("That code is not the one we sent. Check the message and type it again.")))

  // Step 6, sent from outside the store.
  _ = feature.reduce(into: &state, action: .signIn(.alert(.dismiss)))
  #expect(state[case: Toolshed.State.signIn]?.alert == nil)

  // Step 7, sent from outside the store.
  _ = feature.reduce(into: &state, action: .signIn(.view(.codeChanged("2468"))))
  #expect(state[case: Toolshed.State.signIn]?.code == "2468")

  // Step 8, sent from outside the store.
  _ = feature.reduce(into: &state, action: .signIn(.view(.verifyTapped)))
  #expect(state[case: Toolshed.State.signIn]?.isRequestInFlight == true)

  // Step 9, sent by the effect at ToolshedExample/SignIn.swift:80.
  _ = feature.reduce(
    into: &state,
    action: .signIn(.internal(.verified(.success(Member(email: "ada@example.com", name: "Ada"))))))
  #expect(state[case: Toolshed.State.signIn]?.isRequestInFlight == false)

  // Step 10, sent by the reducer at step 9.
  _ = feature.reduce(
    into: &state,
    action: .signIn(.delegate(.signedIn(Member(email: "ada@example.com", name: "Ada")))))
  #expect(state[case: Toolshed.State.shed]?.member.email == "ada@example.com")
  #expect(state[case: Toolshed.State.shed]?.member.name == "Ada")
  #expect(state[case: Toolshed.State.shed]?.tools == [])
  #expect(state[case: Toolshed.State.shed]?.loans == [])
  #expect(state[case: Toolshed.State.shed]?.isLoadingTools == false)
  #expect(state[case: Toolshed.State.shed]?.borrow == nil)
  #expect(state[case: Toolshed.State.shed]?.alert == nil)

  // Step 11, sent from outside the store.
  _ = feature.reduce(into: &state, action: .shed(.view(.appeared)))
  #expect(state[case: Toolshed.State.shed]?.isLoadingTools == true)

  // Step 12, sent by the effect at ToolshedExample/Shed.swift:56.
  _ = feature.reduce(
    into: &state,
    action: .shed(
      .internal(
        .toolsLoaded(
          .success(
            [
              Tool(id: 1, name: "cordless drill"),
              Tool(id: 2, name: "ladder"),
              Tool(id: 3, name: "hedge trimmer"),
              Tool(id: 4, name: "pressure washer"),
            ])))))
  #expect(
    state[case: Toolshed.State.shed]?.tools == [
      Tool(id: 1, name: "cordless drill"),
      Tool(id: 2, name: "ladder"),
      Tool(id: 3, name: "hedge trimmer"),
      Tool(id: 4, name: "pressure washer"),
    ])
  #expect(state[case: Toolshed.State.shed]?.isLoadingTools == false)
}
