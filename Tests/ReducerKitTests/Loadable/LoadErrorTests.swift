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
}
