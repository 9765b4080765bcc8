import Foundation
import ReducerKit
import Testing

/// `.fileStorage` on the real file system follows changes other processes make to the file.
@Suite(.timeLimit(.minutes(1)))
struct FileWatcherTests {
  /// A fresh directory, removed after `body`.
  private func inDirectory(
    line: Int = #line, _ body: (URL) async throws -> Void
  ) async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent(
        "reducerkit-watch-\(ProcessInfo.processInfo.processIdentifier)-\(line)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
  }

  private func liveHolder(_ url: URL) -> Shared<Profile> {
    withDependencies {
      $0.context = .live
      $0.defaultFileStorage = .live
    } operation: {
      Shared(wrappedValue: Profile(name: "Default"), .fileStorage(url))
    }
  }

  @Test func anotherWriterReplacingTheFileReachesTheHolder() async throws {
    try await inDirectory { directory in
      let url = directory.appendingPathComponent("profile.json")
      try JSONEncoder().encode(Profile(name: "Stored")).write(to: url)
      let profile = liveHolder(url)
      #expect(profile.wrappedValue.name == "Stored")
      var changes = profile.values.makeAsyncIterator()

      try JSONEncoder().encode(Profile(name: "Theirs")).write(to: url, options: .atomic)
      #expect(await changes.next()?.name == "Theirs")

      // Written in place, not replaced, by a writer that is not atomic.
      try JSONEncoder().encode(Profile(name: "In place")).write(to: url)
      #expect(await changes.next()?.name == "In place")

      try FileManager.default.removeItem(at: url)
      #expect(await changes.next()?.name == "Default")
    }
  }

  @Test func theHoldersOwnWritesDoNotComeBackAsChanges() async throws {
    try await inDirectory { directory in
      let url = directory.appendingPathComponent("profile.json")
      let profile = liveHolder(url)
      profile.withLock { $0.name = "Mine" }
      profile.save()
      var changes = profile.values.makeAsyncIterator()
      profile.withLock { $0.name = "Mine again" }
      profile.save()
      try JSONEncoder().encode(Profile(name: "Theirs")).write(to: url, options: .atomic)
      // Only the change made here and the other writer's; no echo of either write.
      #expect(await changes.next()?.name == "Mine again")
      #expect(await changes.next()?.name == "Theirs")
      #expect(profile.wrappedValue.name == "Theirs")
    }
  }

  @Test func otherFilesInTheDirectoryAreIgnored() async throws {
    try await inDirectory { directory in
      let url = directory.appendingPathComponent("profile.json")
      let profile = liveHolder(url)
      var changes = profile.values.makeAsyncIterator()
      try Data("{}".utf8).write(to: directory.appendingPathComponent("other.json"))
      try JSONEncoder().encode(Profile(name: "Theirs")).write(to: url, options: .atomic)
      #expect(await changes.next()?.name == "Theirs")
    }
  }

  @Test func aFileInADirectoryMadeLaterIsWatchedOnceTheDirectoryIsMade() async throws {
    try await inDirectory { directory in
      let url = directory.appendingPathComponent("not/yet/profile.json")
      let profile = liveHolder(url)
      var changes = profile.values.makeAsyncIterator()
      // The holder's own save makes the directories, as a first launch does.
      profile.withLock { $0.name = "Mine" }
      profile.save()
      #expect(await changes.next()?.name == "Mine")
      try JSONEncoder().encode(Profile(name: "Theirs")).write(to: url, options: .atomic)
      #expect(await changes.next()?.name == "Theirs")
    }
  }

  @Test func aDirectoryMadeByAnotherProcessWithTheFileInItIsSeen() async throws {
    try await inDirectory { directory in
      let url = directory.appendingPathComponent("later/profile.json")
      let profile = liveHolder(url)
      var changes = profile.values.makeAsyncIterator()
      let elsewhere = directory.appendingPathComponent("staging")
      try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
      try JSONEncoder().encode(Profile(name: "Theirs"))
        .write(to: elsewhere.appendingPathComponent("profile.json"))
      try FileManager.default.moveItem(at: elsewhere, to: url.deletingLastPathComponent())
      #expect(await changes.next()?.name == "Theirs")
    }
  }
}
