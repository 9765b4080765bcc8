import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@Suite struct IdentifiedArrayTests {
  struct Row: Identifiable, Equatable, Hashable, Codable, Sendable {
    var id: Int
    var title = ""
    var items: [Int] = []
  }

  @Test func buildsFromLiteralsAndUniqueElements() {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    #expect(rows.ids == [1, 2])
    #expect(IdentifiedArray(uniqueElements: [Row(id: 3)]).ids == [3])
    let byTitle = IdentifiedArray(uniqueElements: [Row(id: 1, title: "a")], id: \.title)
    #expect(byTitle[id: "a"]?.id == 1)
  }

  @Test func readsWritesAndRemovesByID() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    #expect(rows[id: 2] == Row(id: 2))
    #expect(rows.index(id: 3) == 2)
    rows[id: 2]?.title = "two"
    #expect(rows[id: 2]?.title == "two")
    rows[id: 2] = nil
    #expect(rows.ids == [1, 3])
    #expect(rows.index(id: 3) == 1)
    rows[id: 4] = Row(id: 4)
    #expect(rows.ids == [1, 3, 4])
    rows[id: 1] = nil
    rows[id: 3] = nil
    rows[id: 4] = nil
    #expect(rows.isEmpty)
    rows[id: 5]?.title = "absent"
    #expect(rows.isEmpty)
  }

  @Test func modifiesAnElementInPlaceWithoutCopyingIt() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    rows[id: 2]?.items.reserveCapacity(16)
    let before = rows[id: 2]!.items.withUnsafeBufferPointer { $0.baseAddress }
    var addresses: [UnsafePointer<Int>?] = []
    for value in 0..<10 {
      rows[id: 2]?.items.append(value)
      addresses.append(rows[id: 2]!.items.withUnsafeBufferPointer { $0.baseAddress })
    }
    // NB: checked after every change: a copy per change could alternate between two buffers.
    #expect(addresses.allSatisfy { $0 == before })
    #expect(rows[id: 2]?.items == Array(0..<10))
  }

  @Test func appendsInsertsAndRefusesDuplicates() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1)]
    let appended = rows.append(Row(id: 2))
    let appendedDuplicate = rows.append(Row(id: 2, title: "duplicate"))
    let inserted = rows.insert(Row(id: 0), at: 0)
    let insertedDuplicate = rows.insert(Row(id: 1), at: 0)
    #expect(appended && inserted)
    #expect(!appendedDuplicate && !insertedDuplicate)
    #expect(rows.ids == [0, 1, 2])
    #expect(rows[id: 2]?.title == "")
    #expect(rows.index(id: 2) == 2)
  }

  @Test func removesByPositionIDAndPredicate() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]
    #expect(rows.remove(at: 0).id == 1)
    #expect(rows.remove(id: 3)?.id == 3)
    #expect(rows.remove(id: 9) == nil)
    rows.removeAll { $0.id == 2 }
    #expect(rows.ids == [4])
    #expect(rows[id: 4] != nil)
  }

  @Test func movesSortsAndFilters() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]
    rows.move(fromOffsets: [0, 1], toOffset: 4)
    #expect(rows.ids == [3, 4, 1, 2])
    rows.move(fromOffsets: [3], toOffset: 0)
    #expect(rows.ids == [2, 3, 4, 1])
    rows.sort { $0.id < $1.id }
    #expect(rows.ids == [1, 2, 3, 4])
    #expect(rows.index(id: 4) == 3)
    #expect(rows.filter { $0.id.isMultiple(of: 2) }.ids == [2, 4])
    #expect(rows.map(\.id) == [1, 2, 3, 4])
  }

  @Test func updatesOrAddsByID() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    // An element with a present id replaces it where it is; the replaced element is returned.
    #expect(rows.updateOrAppend(Row(id: 1, title: "A")) == Row(id: 1, title: "a"))
    #expect(rows.updateOrAppend(Row(id: 3, title: "c")) == nil)
    #expect(
      rows.elements == [Row(id: 1, title: "A"), Row(id: 2, title: "b"), Row(id: 3, title: "c")])
    let replaced = rows.updateOrInsert(Row(id: 3, title: "C"), at: 0)
    #expect(replaced.originalMember == Row(id: 3, title: "c") && replaced.index == 2)
    let inserted = rows.updateOrInsert(Row(id: 0, title: "z"), at: 0)
    #expect(inserted.originalMember == nil && inserted.index == 0)
    #expect(rows.ids == [0, 1, 2, 3] && rows[id: 3]?.title == "C" && rows.index(id: 2) == 2)
    // Appending a sequence skips ids already present, and repeats within it.
    rows.append(contentsOf: [
      Row(id: 2, title: "x"), Row(id: 4), Row(id: 5), Row(id: 4, title: "y"),
    ])
    #expect(
      rows.ids == [0, 1, 2, 3, 4, 5] && rows[id: 2]?.title == "b" && rows[id: 4]?.title == "")
    #expect(rows.elements == Array(rows))
  }

  @Test func aMoveOutsideTheArrayIsAWarningNotATrap() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    expectIssues {
      rows.move(fromOffsets: [0, 7], toOffset: 2)
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "was given offsets outside the array (7), which were ignored.") ?? false
    }
    #expect(rows.ids == [2, 1, 3])
    expectIssues {
      rows.move(fromOffsets: [0], toOffset: 9)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("the destination 9, which was taken as 3") ?? false
    }
    #expect(rows.ids == [1, 3, 2])
    // Valid moves, also of nothing in an empty array, warn of nothing.
    rows.move(fromOffsets: [2], toOffset: 0)
    #expect(rows.ids == [2, 1, 3])
    var empty = IdentifiedArrayOf<Row>()
    empty.move(fromOffsets: [], toOffset: 0)
    #expect(empty.isEmpty)
  }

  @Test func comparesHashesAndCodes() throws {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    #expect(rows == [Row(id: 1), Row(id: 2)])
    #expect(rows != [Row(id: 2), Row(id: 1)])
    #expect(Set([rows, rows]).count == 1)
    let data = try JSONEncoder().encode(rows)
    #expect(String(decoding: data, as: UTF8.self).hasPrefix("[{"))
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: data) == rows)
    let duplicate = Data(#"[{"id":1,"title":"","items":[]},{"id":1,"title":"","items":[]}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: duplicate)
    }
  }

  @Test func dumpsWithIDs() {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    #expect(
      customDump(rows) == """
        IdentifiedArray(
          [id: 1]: IdentifiedArrayTests.Row(id: 1, title: "one", items: []),
          [id: 2]: IdentifiedArrayTests.Row(id: 2, title: "two", items: [])
        )
        """
    )
  }

  @Test func anElementSetUnderAnotherIDIsRejected() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    expectIssues {
      rows[id: 1] = Row(id: 2, title: "impostor")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""IdentifiedArray.subscript(id:)" was given an element whose id is 2 under the id 1; the array was left unchanged."#
      ) ?? false
    }
    #expect(rows == [Row(id: 1), Row(id: 2)])
    expectIssues {
      rows[id: 3] = Row(id: 4)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("whose id is 4 under the id 3") ?? false
    }
    #expect(rows.ids == [1, 2])
    rows.sort { $0.id > $1.id }
    #expect(rows.ids == [2, 1])
  }

  @Test func anIDChangedInPlaceMovesTheElementToItsNewID() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    expectIssues {
      rows[id: 1]?.id = 9
    } matching: { issue in
      issue.comments.first?.rawValue.contains("it is now known by its new id") ?? false
    }
    #expect(rows.ids == [9, 2])
    #expect(rows[id: 9]?.id == 9)
    #expect(rows[id: 1] == nil)
    rows.sort { $0.id < $1.id }
    #expect(rows.ids == [2, 9])
  }

  @Test func anIDChangedInPlaceToAnotherElementsIDRemovesTheElement() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    expectIssues {
      rows[id: 1]?.id = 2
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "another element already has that id, so the changed element was removed") ?? false
    }
    #expect(rows == [Row(id: 2, title: "two")])
    rows.removeAll { $0.title == "nothing" }
    #expect(rows.ids == [2])
  }

  /// An element whose id is a stored field after others, a computed one, and a class.
  struct Keyed: Equatable, Sendable {
    var flag = false
    var key: String
    var computedKey: String { key.uppercased() }
  }
  final class Box: Sendable {
    let key: String
    init(key: String) { self.key = key }
  }

  @Test func readsIDsThroughEveryKindOfKeyPath() {
    // A stored id (read at its offset), a computed one (through the key path), and each changed
    // in place (which must be seen, or the element would stay under its old id).
    var stored = IdentifiedArray(uniqueElements: [Keyed(key: "a"), Keyed(key: "b")], id: \.key)
    var computed = IdentifiedArray(
      uniqueElements: [Keyed(key: "a"), Keyed(key: "b")], id: \.computedKey)
    stored.insert(Keyed(key: "c"), at: 0)
    computed.insert(Keyed(key: "c"), at: 0)
    #expect(stored.ids == ["c", "a", "b"])
    #expect(computed.ids == ["C", "A", "B"])
    stored[id: "a"]?.flag = true
    computed[id: "A"]?.flag = true
    #expect(stored[id: "a"]?.flag == true && computed[id: "A"]?.flag == true)
    expectIssues {
      stored[id: "b"]?.key = "z"
      computed[id: "B"]?.key = "z"
    } matching: { issue in
      issue.comments.first?.rawValue.contains("it is now known by its new id") ?? false
    }
    #expect(stored.ids == ["c", "a", "z"] && stored[id: "z"]?.key == "z")
    #expect(computed.ids == ["C", "A", "Z"] && computed[id: "Z"]?.key == "z")
    expectIssues {
      stored[0] = Keyed(key: "q")
      computed[0] = Keyed(key: "q")
    } matching: { issue in
      issue.comments.first?.rawValue.contains("the array was left unchanged") ?? false
    }
    #expect(stored.ids == ["c", "a", "z"] && computed.ids == ["C", "A", "Z"])
    // Elements that are objects: no offset, read through the key path.
    var boxes = IdentifiedArray(uniqueElements: [Box(key: "x")], id: \.key)
    #expect(boxes.append(Box(key: "y")) && !boxes.append(Box(key: "x")))
    #expect(boxes.ids == ["x", "y"] && boxes.filter { $0.key == "y" }.ids == ["y"])
    // Identifiable elements, read through their conformance, also after filtering.
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    var odd = rows.filter { $0.id == 1 }
    #expect(odd.append(Row(id: 3)) && !odd.append(Row(id: 1)))
    #expect(odd.ids == [1, 3])
  }

  @Test func duplicateIDsAreLeftOutWithAWarningNotATrap() {
    var rows = IdentifiedArrayOf<Row>()
    expectIssues {
      rows = IdentifiedArray(uniqueElements: [Row(id: 1, title: "a"), Row(id: 1, title: "b")])
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""IdentifiedArray(uniqueElements:)" was given an element whose id an earlier element already has; it was left out."#
      ) ?? false
    }
    #expect(rows == [Row(id: 1, title: "a")])
  }

  @Test func isAMutableCollectionThatKeepsEachElementUnderItsID() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    rows[0].title = "one"
    #expect(rows[id: 1]?.title == "one")
    rows[1] = Row(id: 2, title: "two")
    #expect(rows[id: 2]?.title == "two")
    expectIssues {
      rows[2] = Row(id: 9)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""IdentifiedArray.subscript(position:)" was given an element whose id is 9 under the id 3; the array was left unchanged."#
      ) ?? false
    }
    #expect(rows.ids == [1, 2, 3])
    rows.reverse()
    #expect(rows.ids == [3, 2, 1])
    #expect(rows[id: 1]?.title == "one")
    rows.swapAt(0, 2)
    #expect(rows.ids == [1, 2, 3])
    #expect(rows.index(id: 3) == 2)
  }

  @Test func removesAtOffsetsAndFromEitherEnd() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]
    rows.remove(atOffsets: [0, 2])
    #expect(rows.ids == [2, 4])
    #expect(rows.index(id: 4) == 1)
    #expect(rows.removeLast().id == 4)
    #expect(rows.removeFirst().id == 2)
    #expect(rows.isEmpty)
    rows.append(Row(id: 5))
    rows.move(fromOffsets: [0], toOffset: 1)
    #expect(rows.ids == [5])
  }

  struct Score: Identifiable, Comparable, Sendable {
    var id: String
    var points: Int
    static func < (lhs: Score, rhs: Score) -> Bool { lhs.points < rhs.points }
  }

  /// `sort()` of `Comparable` elements went through the standard library's fallback, which
  /// writes sorted elements back by position: each write under another element's id was
  /// rejected with a warning, and the array stayed unsorted.
  @Test func sortsComparableElementsShufflesAndReverses() {
    var scores: IdentifiedArrayOf<Score> = [
      Score(id: "c", points: 30), Score(id: "a", points: 10), Score(id: "b", points: 20),
    ]
    scores.sort()
    #expect(scores.ids == ["a", "b", "c"] && isConsistentIdentifiedArray(scores))
    scores.reverse()
    #expect(scores.ids == ["c", "b", "a"] && isConsistentIdentifiedArray(scores))
    var generator = SeededGenerator(seed: 7)
    var shuffled = IdentifiedArray(
      uniqueElements: (0..<50).map { Score(id: "\($0)", points: $0) })
    shuffled.shuffle(using: &generator)
    #expect(
      Set(shuffled.ids) == Set((0..<50).map { "\($0)" }) && isConsistentIdentifiedArray(shuffled))
    #expect(shuffled.map(\.points) != Array(0..<50))
    shuffled.shuffle()
    shuffled.sort()
    #expect(shuffled.map(\.points) == Array(0..<50) && isConsistentIdentifiedArray(shuffled))
  }

  @Test func removesRangesAndCountsFromEitherEnd() {
    var rows = IdentifiedArray(uniqueElements: (0..<8).map { Row(id: $0) })
    rows.removeSubrange(1..<3)
    #expect(rows.ids == [0, 3, 4, 5, 6, 7] && isConsistentIdentifiedArray(rows))
    rows.removeFirst(2)
    #expect(rows.ids == [4, 5, 6, 7] && isConsistentIdentifiedArray(rows))
    rows.removeLast(3)
    #expect(rows.ids == [4] && isConsistentIdentifiedArray(rows))
    rows.removeSubrange(0..<0)
    rows.removeLast(0)
    #expect(rows.ids == [4] && rows[id: 1] == nil)
  }

  @Test func aRemovalReachingOutsideTheArrayIsAWarningNotATrap() {
    var rows = IdentifiedArray(uniqueElements: (0..<6).map { Row(id: $0) })
    expectIssues {
      rows.removeSubrange(4..<9)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""IdentifiedArray.removeSubrange(_:)" was given the range 4..<9, but the array has 6 elements; it removed 4..<6 instead."#
      ) ?? false
    }
    #expect(rows.ids == [0, 1, 2, 3] && isConsistentIdentifiedArray(rows))
    expectIssues {
      rows.removeFirst(-1)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("Pass a count within 0...4") ?? false
    }
    #expect(rows.ids == [0, 1, 2, 3])
    expectIssues {
      rows.removeLast(3)
      rows.removeLast(5)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""IdentifiedArray.removeLast(_:)" was given 5, but the array has 1 element; it removed the last 1 instead."#
      ) ?? false
    }
    #expect(rows.isEmpty)
  }

}
