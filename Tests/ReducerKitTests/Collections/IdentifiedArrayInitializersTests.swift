import ReducerKit
import ReducerKitTesting
import Testing

/// The initializers TCA's identified arrays have besides `init(uniqueElements:)`.
@Suite struct IdentifiedArrayInitializersTests {
  struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var title = ""
  }

  @Test func combinesElementsSharingAnIDOrTakesThemAsUnique() {
    let rows = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 1, title: "c")]
    let combined = IdentifiedArray(rows) { kept, later in
      Row(id: kept.id, title: kept.title + later.title)
    }
    #expect(combined.map(\.title) == ["ac", "b"] && isConsistentIdentifiedArray(combined))
    let byTitle = IdentifiedArray(rows, id: \.id) { _, later in later }
    #expect(byTitle.map(\.title) == ["c", "b"] && byTitle.index(id: 2) == 1)
    expectIssues {
      let renamed = IdentifiedArray(rows) { kept, _ in Row(id: 9, title: kept.title) }
      #expect(renamed.map(\.title) == ["a", "b"] && renamed.ids == [1, 2])
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"The "uniquingIDsWith" closure of "IdentifiedArray.init" combined two elements whose id is 1 into one whose id is 9; the element kept so far was kept."#
      ) ?? false
    }
    #expect(IdentifiedArrayOf<Row>(uncheckedUniqueElements: rows.prefix(2)).ids == [1, 2])
    expectIssues {
      let unchecked = IdentifiedArray(uncheckedUniqueElements: rows, id: \.id)
      #expect(unchecked.map(\.title) == ["a", "b"])
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""IdentifiedArray(uncheckedUniqueElements:)" was given an element whose id an earlier element already has"#
      ) ?? false
    }
  }
}
