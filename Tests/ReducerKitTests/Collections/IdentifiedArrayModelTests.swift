import Foundation
import ReducerKit
import Testing

/// `IdentifiedArray` against a plain array: random sequences of every mutating operation, the
/// two compared after each step. Nothing may trap; operations that misuse ids are runtime
/// warnings (recorded here as known issues) and behave as documented.
@Suite struct IdentifiedArrayModelTests {
  struct Item: Equatable, Identifiable, Sendable {
    var id: Int
    var value: Int
  }

  static let seeds = SeededGenerator.seeds(200)
  static let steps = 200

  @Test(arguments: seeds) func agreesWithAnArrayModel(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var array: IdentifiedArrayOf<Item> = []
    var model: [Item] = []
    var log: [String] = []
    for step in 0..<Self.steps {
      let operation = Operation.random(model: model, using: &random)
      log.append(operation.description)
      let warnings = LockIsolated<[String]>([])
      let capture: @Sendable (RuntimeWarning) -> Void = { warning in
        warnings.withValue { $0.append(warning.message) }
      }
      RuntimeWarnings.$capture.withValue(capture) {
        operation.apply(to: &array)
      }
      let expectsWarning = operation.misusesIDs(in: model)
      operation.apply(to: &model)
      #expect(
        warnings.value.isEmpty != expectsWarning
          && warnings.value.allSatisfy { $0.hasPrefix("\"IdentifiedArray.") },
        "seed \(seed), step \(step): \(operation) warned \(warnings.value)")
      let agrees =
        array.ids.elements == model.map(\.id) && Array(array) == model
        && model.indices.allSatisfy {
          array.index(id: model[$0].id) == $0 && array.ids.firstIndex(of: model[$0].id) == $0
        }
        && !array.ids.contains(-1)
        && model.allSatisfy { array[id: $0.id] == $0 } && array[id: -1] == nil
      #expect(
        agrees,
        """
        seed \(seed) (replay with PROPERTY_SEED=\(seed)), step \(step): \(operation)
        array: \(Array(array))
        model: \(model)
        operations: \(log.joined(separator: "; "))
        """)
      if !agrees { return }
    }
  }

  /// One mutation, applied the same way to the array and (by its documented meaning) to the
  /// model.
  enum Operation: CustomStringConvertible {
    case append(Item)
    case insert(Item, at: Int)
    case removeID(Int)
    case removeAt(Int)
    case setByID(Int, Item?)
    case modifyValueByID(Int, Int)
    case changeIDByID(Int, to: Int)
    case setAtPosition(Int, Item)
    case changeIDAtPosition(Int, to: Int)
    case sort
    case move([Int], to: Int)
    case removeAllEven
    case filterOdd
    case swap(Int, Int)
    case removeFirst
    case removeLast
    case removeOffsets([Int])
    case updateOrAppend(Item)
    case updateOrInsert(Item, at: Int)
    case appendContentsOf([Item])
    case reverse
    case removeSubrange(Range<Int>)
    case updateAt(Int, Item)
    case removeElement(Item)

    static func random(model: [Item], using random: inout SeededGenerator) -> Operation {
      let newID = Int.random(in: 0..<40, using: &random)
      let value = Int.random(in: 0..<10, using: &random)
      let existingID = model.randomElement(using: &random)?.id ?? newID
      let position = model.isEmpty ? nil : Int.random(in: 0..<model.count, using: &random)
      switch Int.random(in: 0..<25, using: &random) {
      case 0, 1, 2: return .append(Item(id: newID, value: value))
      case 3:
        return .insert(
          Item(id: newID, value: value), at: Int.random(in: 0...model.count, using: &random))
      case 4: return .removeID(Bool.random(using: &random) ? existingID : newID)
      case 5: return position.map { .removeAt($0) } ?? .sort
      case 6:
        let key = Bool.random(using: &random) ? existingID : newID
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .setByID(key, nil)
        case 1: return .setByID(key, Item(id: key, value: value))
        default: return .setByID(key, Item(id: newID, value: value))  // often a mismatch
        }
      case 7, 8: return .modifyValueByID(existingID, value)
      case 9: return .changeIDByID(existingID, to: newID)
      case 10:
        guard let position else { return .sort }
        let id = Bool.random(using: &random) ? model[position].id : newID
        return .setAtPosition(position, Item(id: id, value: value))
      case 11: return position.map { .changeIDAtPosition($0, to: newID) } ?? .sort
      case 12: return .sort
      case 13:
        let offsets = model.indices.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
        return .move(offsets, to: Int.random(in: 0...model.count, using: &random))
      case 14: return .removeAllEven
      case 15: return .filterOdd
      case 16:
        guard let position, let other = model.indices.randomElement(using: &random) else {
          return .sort
        }
        return .swap(position, other)
      case 17: return model.isEmpty ? .sort : .removeFirst
      case 18: return model.isEmpty ? .sort : .removeLast
      case 19:
        let id = Bool.random(using: &random) ? existingID : newID
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .updateOrAppend(Item(id: id, value: value))
        case 1:
          return .updateOrInsert(
            Item(id: id, value: value), at: Int.random(in: 0...model.count, using: &random))
        default:
          return .appendContentsOf(
            [Item(id: id, value: value), Item(id: newID, value: value + 1), Item(id: 41, value: 0)])
        }
      case 20:
        guard let position else { return .sort }
        let id = Bool.random(using: &random) ? model[position].id : newID  // often a mismatch
        return .updateAt(position, Item(id: id, value: value))
      case 21: return .reverse
      case 23:
        return .removeElement(Item(id: Bool.random(using: &random) ? existingID : newID, value: 9))
      case 22:
        let bounds = [
          Int.random(in: 0...model.count, using: &random),
          Int.random(in: 0...model.count, using: &random),
        ]
        return .removeSubrange(bounds.min()!..<bounds.max()!)
      default:
        // Sometimes with offsets past the end, which are ignored.
        let pastTheEnd = Bool.random(using: &random) ? [model.count, model.count + 3] : []
        return .removeOffsets(
          model.indices.filter { _ in Int.random(in: 0..<5, using: &random) == 0 } + pastTheEnd)
      }
    }

    var description: String {
      // NB: not "\(self)", which would call this property again.
      customDump(self).replacingOccurrences(of: "IdentifiedArrayModelTests.", with: "")
    }

    func apply(to array: inout IdentifiedArrayOf<Item>) {
      switch self {
      case .append(let item): array.append(item)
      case .insert(let item, let index): array.insert(item, at: index)
      case .removeID(let id): array.remove(id: id)
      case .removeAt(let index): array.remove(at: index)
      case .setByID(let id, let item): array[id: id] = item
      case .modifyValueByID(let id, let value): array[id: id]?.value = value
      case .changeIDByID(let id, let newID): array[id: id]?.id = newID
      case .setAtPosition(let index, let item): array[index] = item
      case .changeIDAtPosition(let index, let newID): array[index].id = newID
      case .sort: array.sort { ($0.value, $0.id) < ($1.value, $1.id) }
      case .move(let offsets, let destination):
        array.move(fromOffsets: IndexSet(offsets), toOffset: destination)
      case .removeAllEven: array.removeAll { $0.value.isMultiple(of: 2) }
      case .filterOdd: array = array.filter { !$0.value.isMultiple(of: 2) }
      case .swap(let i, let j): array.swapAt(i, j)
      case .removeFirst: array.removeFirst()
      case .removeLast: array.removeLast()
      case .removeOffsets(let offsets): array.remove(atOffsets: IndexSet(offsets))
      case .updateOrAppend(let item): array.updateOrAppend(item)
      case .updateOrInsert(let item, let index): array.updateOrInsert(item, at: index)
      case .appendContentsOf(let items): array.append(contentsOf: items)
      case .reverse: array.reverse()
      case .removeSubrange(let bounds): array.removeSubrange(bounds)
      case .updateAt(let index, let item): array.update(item, at: index)
      case .removeElement(let item): array.remove(item)
      }
    }

    /// What each operation means, on a plain array.
    func apply(to model: inout [Item]) {
      switch self {
      case .append(let item):
        if !model.contains(where: { $0.id == item.id }) { model.append(item) }
      case .insert(let item, let index):
        if !model.contains(where: { $0.id == item.id }) { model.insert(item, at: index) }
      case .removeID(let id): model.removeAll { $0.id == id }
      case .removeAt(let index): model.remove(at: index)
      case .setByID(let id, let item):
        let index = model.firstIndex { $0.id == id }
        switch (index, item) {
        case (let index?, nil): model.remove(at: index)
        case (_, let item?) where item.id != id: break  // rejected
        case (let index?, let item?): model[index] = item
        case (nil, let item?): model.append(item)
        case (nil, nil): break
        }
      case .modifyValueByID(let id, let value):
        if let index = model.firstIndex(where: { $0.id == id }) { model[index].value = value }
      case .changeIDByID(let id, let newID):
        if let index = model.firstIndex(where: { $0.id == id }) {
          Self.changeID(at: index, to: newID, in: &model)
        }
      case .setAtPosition(let index, let item):
        if model[index].id == item.id { model[index] = item }  // else rejected
      case .changeIDAtPosition(let index, let newID):
        Self.changeID(at: index, to: newID, in: &model)
      case .sort: model.sort { ($0.value, $0.id) < ($1.value, $1.id) }
      case .move(let offsets, let destination):
        let moved = offsets.map { model[$0] }
        let before = offsets.filter { $0 < destination }.count
        model = model.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
        model.insert(contentsOf: moved, at: destination - before)
      case .removeAllEven: model.removeAll { $0.value.isMultiple(of: 2) }
      case .filterOdd: model = model.filter { !$0.value.isMultiple(of: 2) }
      case .swap(let i, let j): model.swapAt(i, j)
      case .removeFirst: model.removeFirst()
      case .removeLast: model.removeLast()
      case .removeOffsets(let offsets):
        model = model.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
      case .updateOrAppend(let item):
        if let index = model.firstIndex(where: { $0.id == item.id }) {
          model[index] = item
        } else {
          model.append(item)
        }
      case .updateOrInsert(let item, let index):
        if let existing = model.firstIndex(where: { $0.id == item.id }) {
          model[existing] = item
        } else {
          model.insert(item, at: index)
        }
      case .appendContentsOf(let items):
        for item in items where !model.contains(where: { $0.id == item.id }) { model.append(item) }
      case .reverse: model.reverse()
      case .removeSubrange(let bounds): model.removeSubrange(bounds)
      case .updateAt(let index, let item):
        if model[index].id == item.id { model[index] = item }  // else rejected
      case .removeElement(let item): model.removeAll { $0.id == item.id }  // by id alone
      }
    }

    /// Whether the operation misuses ids (a runtime warning): an element set under another id,
    /// or an id changed in place.
    func misusesIDs(in model: [Item]) -> Bool {
      switch self {
      case .setByID(let id, let item?): item.id != id
      case .changeIDByID(let id, let newID): model.contains { $0.id == id } && id != newID
      case .setAtPosition(let index, let item), .updateAt(let index, let item):
        model[index].id != item.id
      case .changeIDAtPosition(let index, let newID): model[index].id != newID
      default: false
      }
    }

    /// An element whose id changes in place keeps its position under the new id, unless
    /// another element has that id: then the changed element is removed.
    static func changeID(at index: Int, to newID: Int, in model: inout [Item]) {
      guard model[index].id != newID else { return }
      if model.contains(where: { $0.id == newID }) {
        model.remove(at: index)
      } else {
        model[index].id = newID
      }
    }
  }
}
