import Foundation
import ReducerKit
import Testing

/// The navigation actions are Codable when what they carry is, so a feature built of them can
/// write its session recording to a file.
@Suite struct NavigationActionCodingTests {
  enum Row: Codable, Equatable, Sendable {
    case toggled
    case renamed(String)
  }
  enum Action: Codable, Equatable, Sendable {
    case rows(IdentifiedAction<Int, Row>)
    case sheet(PresentationAction<Row>)
    case path(StackAction<String, Row>)
  }

  func roundTrip(_ action: Action) throws -> Action {
    try JSONDecoder().decode(Action.self, from: JSONEncoder().encode(action))
  }

  @Test func navigationActionsRoundTripThroughJSON() throws {
    let actions: [Action] = [
      .rows(.element(id: 7, action: .renamed("Milk"))),
      .sheet(.presented(.toggled)),
      .sheet(.dismiss),
      .path(.push(id: 3, state: "detail")),
      .path(.element(id: 3, action: .toggled)),
      .path(.popFrom(id: 3)),
    ]
    for action in actions {
      #expect(try roundTrip(action) == action)
    }
  }

  @Test func aStackElementIDIsWrittenAsItsNumber() throws {
    let json = try JSONEncoder().encode([StackElementID(rawValue: 4)])
    #expect(String(decoding: json, as: UTF8.self) == "[4]")
  }
}
