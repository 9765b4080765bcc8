import ReducerKit
import Testing

@Suite struct BindingActionTests {
  struct State: Equatable, Sendable {
    var query = ""
    var settings = Settings()
  }
  struct Settings: Equatable, Sendable {
    var isOn = false
    var volume = 5
  }
  typealias Binding = BindingAction<State>

  @Test func comparesByFieldAndValue() {
    #expect(Binding.set(\.query, "a") == .set(\.query, "a"))
    #expect(Binding.set(\.query, "a") != .set(\.query, "b"))
    #expect(Binding.set(\.settings.volume, 1) != .set(\.settings.isOn, true))
  }

  @Test func appliesToNestedFields() {
    var state = State()
    Binding.set(\.settings.volume, 9).apply(to: &state)
    #expect(state.settings.volume == 9)
  }

  @Test func matchesAFieldInAPattern() {
    let action = Binding.set(\.settings.volume, 9)
    switch action {
    case \.query: Issue.record("matched the wrong field")
    case \.settings.volume: break
    default: Issue.record("matched no field")
    }
  }

  @Test func dumpsTheFieldAndValue() {
    #expect(
      customDump(Binding.set(\.query, "a"))
        == #"BindingAction.set(\State.query, "a")"#)
  }
}
