import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// The directories a file storage URL is written from, as TCA's documentation writes them:
/// Apple platforms' Foundation has them, and ReducerKit adds them where swift-foundation does
/// not.
@Suite struct FileStorageDirectoriesTests {
  @Test func theyAreTheDirectoriesFileManagerNames() {
    let manager = FileManager.default
    #expect(URL.documentsDirectory == manager.urls(for: .documentDirectory, in: .userDomainMask)[0])
    #expect(
      URL.applicationSupportDirectory
        == manager.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0])
    #expect(URL.cachesDirectory == manager.urls(for: .cachesDirectory, in: .userDomainMask)[0])
  }

  @Test func aFileStorageKeyIsWrittenAsTCAsDocumentationWritesIt() throws {
    let files = InMemoryFileSystem()
    let url = URL.documentsDirectory.appending(component: "settings.json")
    let count = withDependencies {
      $0.defaultFileStorage = .inMemory(files)
    } operation: {
      Shared(
        wrappedValue: 0, .fileStorage(.documentsDirectory.appending(component: "settings.json")))
    }
    count.withLock { $0 = 42 }
    files.writePending()
    let data = try #require(files.files[url])
    #expect(try JSONDecoder().decode(Int.self, from: data) == 42)
  }
}
