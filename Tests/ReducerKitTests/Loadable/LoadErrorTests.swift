import Foundation
import ReducerKit
import Testing

@Suite struct LoadErrorTests {
  struct Plain: Error {}
  struct Described: LocalizedError {
    var errorDescription: String? { "described for people" }
  }

  @Test func keepsTheDescriptionOfTheErrorItIsBuiltFrom() {
    #expect(LoadError(Described()).message == "described for people")
    #expect(LoadError(Plain()).message == "Plain()")
    #expect(LoadError(LoadError(message: "as is")).message == "as is")
  }

  @Test func isWrittenAsAStringLiteralInTests() {
    let error: LoadError = "offline"
    #expect(error == LoadError(message: "offline"))
    #expect(error.description == "offline")
  }

  @Test func keepsACodeAndTheUnderlyingDescription() {
    enum Network: Error {
      case offline
      case timedOut(seconds: Int)
    }
    let offline = LoadError(Network.offline)
    #expect(offline.message == "offline")
    #expect(offline.code?.hasSuffix("Network.offline") == true)
    let timedOut = LoadError(Network.timedOut(seconds: 3))
    #expect(timedOut.code?.hasSuffix("Network.timedOut") == true)
    struct Described: LocalizedError {
      var errorDescription: String? { "The server is busy." }
    }
    let busy = LoadError(Described())
    #expect(busy.message == "The server is busy.")
    #expect(busy.underlyingDescription == "Described()")
    // Equality is by message: a literal matches what a reducer built.
    #expect(offline == "offline")
    #expect(LoadError("offline").code == nil)
  }
}
