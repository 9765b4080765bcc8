import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// `Shared(require:)` and `SharedReader(require:)`, as swift-sharing has them: a value that must
/// already exist, from a holder of the key or from what is stored under it.
@Suite struct SharedRequireTests {
  /// A key whose storage is a closure, which may throw.
  struct ClosureKey: SharedKey {
    let name: String
    let stored: @Sendable () throws -> Int?
    var id: String { name }
    var description: String { "closure(\(name))" }
    func load() throws -> Int? { try stored() }
    func save(_ value: Int, immediately: Bool) {}
    func subscribe(didChange: @escaping @Sendable (Int?) -> Void) -> SharedSubscription {
      SharedSubscription {}
    }
  }
  struct Unreadable: Error, Equatable {}

  @Test func aStoredValueIsLoadedAndNothingStoredThrows() throws {
    let files = InMemoryFileSystem()
    let url = URL(fileURLWithPath: "/settings/count.json")
    files.setFile(Data("7".utf8), at: url)
    try withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      let count = try Shared<Int>(require: .fileStorage(url))
      #expect(count.wrappedValue == 7)
      let missing = URL(fileURLWithPath: "/settings/missing.json")
      #expect(throws: SharedLoadError.self) { try Shared<Int>(require: .fileStorage(missing)) }
    }
  }

  @Test func aHolderOfTheKeyIsEnoughAndIsShared() throws {
    #expect(throws: SharedLoadError(key: #".inMemory("SharedRequireTests.count")"#)) {
      try Shared<Int>(require: .inMemory("SharedRequireTests.count"))
    }
    @Shared(.inMemory("SharedRequireTests.count")) var count = 1
    let required = try Shared<Int>(require: .inMemory("SharedRequireTests.count"))
    required.withLock { $0 += 1 }
    #expect(count == 2)
    let reader = try SharedReader<Int>(require: .inMemory("SharedRequireTests.count"))
    #expect(reader.wrappedValue == 2)
  }

  @Test func whatTheKeyThrowsIsThrownAndTheAwaitedFormsWork() async throws {
    let failing = ClosureKey(name: "failing") { throw Unreadable() }
    await #expect(throws: Unreadable.self) { try await Shared(require: failing) }
    #expect(throws: Unreadable.self) { try SharedReader(require: failing) }
    let stored = ClosureKey(name: "stored") { 3 }
    let value = try await Shared(require: stored)
    #expect(value.wrappedValue == 3)
    let reader = try await SharedReader(require: stored)
    #expect(reader.wrappedValue == 3)
  }
}
