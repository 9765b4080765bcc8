import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// `.fileStorage`: JSON files, read by the first holder, written after coalescing, never
/// clobbering a file it could not read.
@Suite struct FileStorageTests {
  let url = URL(fileURLWithPath: "/settings/profile.json")

  private func holder(
    _ files: InMemoryFileSystem, url: URL? = nil, default value: Profile = Profile()
  ) -> Shared<Profile> {
    withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      Shared(wrappedValue: value, .fileStorage(url ?? self.url))
    }
  }

  private func decoded(_ files: InMemoryFileSystem, at url: URL? = nil) throws -> Profile? {
    try files.files[url ?? self.url].map { try JSONDecoder().decode(Profile.self, from: $0) }
  }

  @Test func writesTheLastValueOfABurstOnce() throws {
    let files = InMemoryFileSystem()
    let profile = holder(files)
    for visit in 1...100 { profile.withLock { $0.stats.visits = visit } }
    #expect(files.writeCount == 0)
    files.writePending()
    #expect(files.writeCount == 1)
    #expect(try decoded(files)?.stats.visits == 100)
    files.writePending()
    #expect(files.writeCount == 1)
  }

  @Test func aWriteStillWaitingIsMadeWhenTheLastHolderGoes() throws {
    let files = InMemoryFileSystem()
    do {
      let profile = holder(files)
      profile.withLock { $0.name = "Last words" }
      #expect(files.writeCount == 0)
    }
    #expect(files.writeCount == 1)
    #expect(try decoded(files)?.name == "Last words")
  }

  @Test func saveWritesAtOnce() throws {
    let files = InMemoryFileSystem()
    let profile = holder(files)
    profile.withLock { $0.name = "Blobby" }
    profile.save()
    #expect(files.writeCount == 1)
    #expect(try decoded(files)?.name == "Blobby")
    files.writePending()
    #expect(files.writeCount == 1)
  }

  @Test func theFirstHolderLoadsTheFile() throws {
    let files = InMemoryFileSystem()
    files.setFile(try JSONEncoder().encode(Profile(name: "Stored")), at: url)
    let profile = holder(files, default: Profile(name: "Default"))
    #expect(profile.wrappedValue.name == "Stored")
    #expect(holder(files).wrappedValue.name == "Stored")
  }

  @Test func holdersOfOneFileShareTheValue() {
    let files = InMemoryFileSystem()
    let first = holder(files)
    let second = holder(files)
    first.withLock { $0.name = "Shared" }
    #expect(second.wrappedValue.name == "Shared")
    let elsewhere = holder(files, url: URL(fileURLWithPath: "/settings/other.json"))
    #expect(elsewhere.wrappedValue.name == "Blob")
  }

  @Test func aCorruptFileIsKeptAsideAndReported() throws {
    let files = InMemoryFileSystem()
    let garbage = Data("{ not json".utf8)
    files.setFile(garbage, at: url)
    var made: Shared<Profile>?
    expectIssues {
      made = holder(files, default: Profile(name: "Default"))
    } matching: { issue in
      let message = issue.comments.first?.rawValue ?? ""
      return message.hasPrefix(
        #"The shared file at "/settings/profile.json" is not valid JSON for Profile"#)
        && message.contains(#"It was copied to "/settings/profile.json.corrupt" before any write."#)
    }
    let profile = try #require(made)
    #expect(profile.wrappedValue.name == "Default")
    #expect(files.files[url.appendingPathExtension("corrupt")] == garbage)
    profile.withLock { $0.name = "Fresh" }
    profile.save()
    #expect(try decoded(files)?.name == "Fresh")
    #expect(files.files[url.appendingPathExtension("corrupt")] == garbage)
  }

  @Test func anUnreadableFileIsNeverOverwritten() throws {
    let files = InMemoryFileSystem()
    let original = Data("secret".utf8)
    files.setFile(original, at: url)
    files.makeUnreadable(url)
    var made: Shared<Profile>?
    expectIssues {
      made = holder(files)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"Could not read the shared file at "/settings/profile.json""#) ?? false
    }
    let profile = try #require(made)
    profile.withLock { $0.name = "Changed" }
    profile.save()
    files.writePending()
    #expect(files.writeCount == 0)
    #expect(files.files[url] == original)
  }

  @Test func aFileUsedWithAnotherTypeIsAWarningAndAValueOfItsOwn() {
    let file = URL(fileURLWithPath: "/settings/mixed.json")
    @Shared(.fileStorage(file)) var number = 1
    expectIssues {
      @Shared(.fileStorage(file)) var text = "one"
      #expect(text == "one")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"The shared key .fileStorage("/settings/mixed.json") holds a value of another type"#)
        ?? false
    }
    #expect(number == 1)
  }

  @Test func aChangeMadeElsewhereReachesEveryHolder() throws {
    let files = InMemoryFileSystem()
    let first = holder(files)
    let second = holder(files)
    files.setFile(try JSONEncoder().encode(Profile(name: "Theirs")), at: url)
    #expect(first.wrappedValue.name == "Theirs")
    #expect(second.wrappedValue.name == "Theirs")
    // Taken, not written back.
    files.writePending()
    #expect(files.writeCount == 0)
  }

  @Test func aFileRemovedElsewhereGivesTheDefault() throws {
    let files = InMemoryFileSystem()
    files.setFile(try JSONEncoder().encode(Profile(name: "Stored")), at: url)
    let profile = holder(files, default: Profile(name: "Default"))
    #expect(profile.wrappedValue.name == "Stored")
    files.setFile(nil, at: url)
    #expect(profile.wrappedValue.name == "Default")
  }

  @Test func aChangeMadeElsewhereWinsOverAWriteStillWaiting() throws {
    // As in TCA: the other writer's file stays, and the change waiting to be written is dropped.
    let files = InMemoryFileSystem()
    let profile = holder(files)
    profile.withLock { $0.name = "Mine" }
    let theirs = try JSONEncoder().encode(Profile(name: "Theirs"))
    files.setFile(theirs, at: url)
    files.writePending()
    #expect(profile.wrappedValue.name == "Theirs")
    #expect(files.files[url] == theirs)
    #expect(files.writeCount == 0)
    // Later changes are written as usual.
    profile.withLock { $0.name = "Mine again" }
    files.writePending()
    #expect(try decoded(files)?.name == "Mine again")
  }

  @Test func aFileStorageOfYourOwnReportsChangesThroughItsWatch() throws {
    // A file system made of closures, as an app might wrap one: its `watch` hands the key the
    // new contents of a file someone else changed.
    let files = InMemoryFileSystem()
    let watchers = Locked<[@Sendable (Data?) -> Void]>([])
    let storage = FileStorage(
      load: { files.files[$0] },
      save: { data, url in files.setFile(data, at: url) },
      keepCopy: { $0 },
      schedule: { _, work in work() },
      writeDelay: .zero,
      watch: { _, didChange in
        watchers.withLock { $0.append(didChange) }
        // NB: the handler holds the key, whose storage holds this list: dropping the handler
        // when watching stops, as a real watch does, breaks that cycle.
        return SharedSubscription { watchers.withLock { $0.removeAll() } }
      }
    )
    let profile = withDependencies {
      $0.defaultFileStorage = storage
    } operation: {
      Shared(wrappedValue: Profile(), .fileStorage(url))
    }
    let theirs = try JSONEncoder().encode(Profile(name: "Theirs"))
    for watcher in watchers.value { watcher(theirs) }
    #expect(profile.wrappedValue.name == "Theirs")
  }

  @Test func anEmptyFileGivesTheDefaultQuietly() {
    let files = InMemoryFileSystem()
    files.setFile(Data(), at: url)
    #expect(holder(files, default: Profile(name: "Default")).wrappedValue.name == "Default")
  }

  @Test func theSameFileInTwoFileSystemsIsTwoValues() {
    let first = holder(InMemoryFileSystem())
    let second = holder(InMemoryFileSystem())
    first.withLock { $0.name = "Blob Jr." }
    #expect(first.wrappedValue.name == "Blob Jr.")
    #expect(second.wrappedValue.name == "Blob")
  }

  @Test func inTestsTheDefaultFileSystemIsInMemoryAndPerTest() {
    @Shared(.fileStorage(URL(fileURLWithPath: "/no/such/dir/count.json"))) var count = 0
    $count.withLock { $0 += 1 }
    $count.save()
    #expect(!FileManager.default.fileExists(atPath: "/no/such/dir/count.json"))
    #expect(count == 1)
  }

  @Test func roundTripsThroughARealDirectory() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("reducerkit-\(ProcessInfo.processInfo.processIdentifier)-\(#line)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("nested/profile.json")
    let writes = LockIsolated(0)
    // NB: the coalescing window is the test's to end (a real queue's 20 ms pass at random on a
    // busy machine); the file system is the real one.
    let scheduled = LockIsolated<[@Sendable () -> Void]>([])
    let storage = FileStorage(
      load: FileStorage.live.load,
      save: { data, url in
        writes.withValue { $0 += 1 }
        try FileStorage.live.save(data, url)
      },
      keepCopy: FileStorage.live.keepCopy,
      schedule: { _, work in scheduled.withValue { $0.append(work) } },
      writeDelay: .milliseconds(20)
    )
    do {
      let profile = withDependencies {
        $0.context = .live
        $0.defaultFileStorage = storage
      } operation: {
        Shared(wrappedValue: Profile(), .fileStorage(url))
      }
      for visit in 1...50 { profile.withLock { $0.stats.visits = visit } }
      // Fifty changes in one window: one write, of the last value, when the window ends.
      #expect(scheduled.value.count == 1)
      #expect(writes.value == 0)
      for work in scheduled.value { work() }
      #expect(writes.value == 1)
    }
    #expect(writes.value == 1)
    let stored = try JSONDecoder().decode(Profile.self, from: Data(contentsOf: url))
    #expect(stored.stats.visits == 50)

    // Once no holder is left, the next one reads the file again, as a fresh launch would.
    let relaunched = withDependencies {
      $0.context = .live
      $0.defaultFileStorage = FileStorage(
        load: FileStorage.live.load, save: FileStorage.live.save,
        keepCopy: FileStorage.live.keepCopy, schedule: FileStorage.live.schedule,
        writeDelay: .zero)
    } operation: {
      SharedReader(
        wrappedValue: Profile(),
        .fileStorage(directory.appendingPathComponent("nested/../nested/profile.json")))
    }
    #expect(relaunched.wrappedValue.stats.visits == 50)
  }

  @Test func aDecoderAndAnEncoderOfOnesOwnReadAndWriteTheFile() throws {
    struct Event: Codable, Equatable, Sendable { var date: Date }
    let files = InMemoryFileSystem()
    let url = URL(fileURLWithPath: "/settings/event.json")
    files.setFile(Data(#"{"date":"2001-01-01T00:00:00Z"}"#.utf8), at: url)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let event = withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      Shared(
        wrappedValue: Event(date: .distantPast),
        .fileStorage(url, decoder: decoder, encoder: encoder))
    }
    #expect(event.wrappedValue == Event(date: Date(timeIntervalSinceReferenceDate: 0)))
    event.withLock { $0.date = Date(timeIntervalSinceReferenceDate: 86_400) }
    files.writePending()
    let written = try #require(files.files[url])
    #expect(String(decoding: written, as: UTF8.self) == #"{"date":"2001-01-02T00:00:00Z"}"#)
  }
}
