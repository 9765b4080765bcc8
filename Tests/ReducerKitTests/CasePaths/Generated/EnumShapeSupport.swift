import Foundation
import Testing

/// The payload types and the check the generated `EnumShapeTests` use.
protocol Sample {
  static var sample: Self { get }
}
extension Int: Sample { static var sample: Int { 5 } }
extension String: Sample { static var sample: String { "five" } }

struct Inner: Equatable, Sendable {
  var a: Int
  var b: String
}

final class Box: Equatable, Sendable {
  let value: Int
  init(_ value: Int) { self.value = value }
  static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
}

struct AnyFailure: Error, Equatable {
  var code: Int
}

/// Each value is extracted by its own case's path, and by no other.
func expectOnlyOwnCaseExtracts<Root>(
  _ values: [Root], _ extractors: [(Root) -> Any?], _ roundTrips: [() -> Bool],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for (index, value) in values.enumerated() {
    // NB: one expectation per value, not per pair: 300 cases make 90,000 pairs.
    let wrong = extractors.indices.filter { other in
      (extractors[other](value) != nil) != (index == other)
    }
    #expect(
      wrong.isEmpty, "case #\(index) was extracted wrongly by the paths of cases \(wrong)",
      sourceLocation: sourceLocation)
    #expect(
      roundTrips[index](), "case #\(index) did not round-trip", sourceLocation: sourceLocation)
  }
}
