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
    #expect(page.components(separatedBy: "</script>").count == 3)  // the data's and the code's
    #expect(page.contains("<title>&lt;b&gt;mine&lt;/b&gt;</title>"))
    let steps = try #require(try data(of: page)["steps"] as? [[String: Any]])
    #expect((steps[0]["action"] as? String)?.contains("</script><script>alert(1)") == true)
  }
}
