import Foundation
import ReducerKit
import Testing

@MainActor
@Suite struct SessionPageTests {
  struct Notes: Reducer {
    struct State: Equatable, Sendable { var notes: [String] = [] }
    enum Action: Equatable, Sendable { case add(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .add(let note) = action { state.notes.append(note) }
      return .none
    }
  }

  func page(title: String? = nil, _ notes: String...) throws -> String {
    let store = Store(initialState: Notes.State()) { Notes() }
    store.checksActionCategories = false
    let recording = store.startRecording()
    for note in notes { store.send(.add(note)) }
    recording.stop()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("SessionPageTests-\(UUID().uuidString).html")
    defer { try? FileManager.default.removeItem(at: url) }
    try recording.writeHTML(to: url, title: title)
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The JSON between the page's data tags, decoded.
  func data(of page: String) throws -> [String: Any] {
    let start = try #require(page.range(of: #"<script type="application/json" id="session-data">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = Data(page[start.upperBound..<end.lowerBound].utf8)
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
  }

  @Test func thePageCarriesEveryStepWithItsDumpAndDiff() throws {
    let page = try page("milk", "eggs")
    let data = try data(of: page)
    let steps = try #require(data["steps"] as? [[String: Any]])
    #expect(steps.count == 2)
    #expect(steps.map { $0["name"] as? String } == ["add", "add"])
    #expect((steps[1]["action"] as? String) == #"SessionPageTests.Notes.Action.add("eggs")"#)
    let diff = try #require(steps[1]["diff"] as? String)
    #expect(diff.contains(#"+     [1]: "eggs""#), "\(diff)")
    #expect((data["title"] as? String) == "Session of ReducerKitTests.SessionPageTests.Notes.State")
  }

  @Test func thePageFetchesNothing() throws {
    let page = try page("milk")
    #expect(!page.contains("src="))
    #expect(!page.contains("http://") && !page.contains("https://"))
    #expect(!page.contains("<link"))
  }

  @Test func aValueThatLooksLikeMarkupCannotEndTheDataOrTheTitle() throws {
    let page = try page(title: "<b>mine</b>", "</script><script>alert(1)</script>")
    // NB: the data's, the test's and the code's.
    #expect(page.components(separatedBy: "</script>").count == 4)
    #expect(page.contains("<title>&lt;b&gt;mine&lt;/b&gt;</title>"))
    let steps = try #require(try data(of: page)["steps"] as? [[String: Any]])
    #expect((steps[0]["action"] as? String)?.contains("</script><script>alert(1)") == true)
  }

  /// The page's "Test" button puts its test together from parts the page holds: they make the
  /// recording's own reducer-alone test, the feature named by its type and its module.
  @Test func thePageHoldsTheSessionsTest() throws {
    let page = try page("milk", "eggs")
    #expect(page.contains(#"<button id="test-button">Test</button>"#))
    let start = try #require(page.range(of: #"<script type="application/json" id="test-data">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let parts = try JSONDecoder().decode(
      TestSourceParts.self, from: Data(page[start.upperBound..<end.lowerBound].utf8))
    #expect(parts.feature == "SessionPageTests.Notes()")
    #expect(parts.initialState == "SessionPageTests.Notes.State()")
    #expect(parts.imports == ["ReducerKitTests"])
    let source = parts.source(named: "recordedSession", from: 1)
    #expect(
      source.contains(
        """
          // The state steps 0…0 left.
          state.notes = ["milk"]

          // Step 1, sent from outside the store.
          _ = feature.reduce(into: &state, action: .add("eggs"))
          #expect(state.notes == ["milk", "eggs"])
        """), "\(source)")
  }
}
