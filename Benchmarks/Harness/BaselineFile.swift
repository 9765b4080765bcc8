import Foundation

/// The figures of an earlier run, read from the JSON file it wrote with `--json`, checked
/// entry by entry: a file the tool did not write is an error naming what is wrong, not a
/// comparison with nothing.
public enum BaselineFile {
  /// Keys of the file that hold no workload.
  static let reserved: Set<String> = ["meta", "sweeps", "peak_rss_kb"]

  /// The samples of each workload in `data`, the contents of the file at `path`.
  ///
  /// - Throws: ``UsageError`` with one line that names the file and the problem.
  public static func decode(_ data: Data, path: String) throws(UsageError) -> [String: Samples] {
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw UsageError("--compare \(path) is not JSON; give a file a run wrote with --json")
    }
    guard let object = json as? [String: Any] else {
      throw UsageError(
        "--compare \(path) holds a JSON \(kind(of: json)), not the object of workload figures "
          + "a run writes with --json")
    }
    var baseline: [String: Samples] = [:]
    for (id, value) in object.sorted(by: { $0.key < $1.key }) where !reserved.contains(id) {
      guard let entry = value as? [String: Any] else {
        throw UsageError("--compare \(path): \"\(id)\" holds a \(kind(of: value)), not an object")
      }
      if entry["bytes_per_effect"] != nil { continue }  // a memory row
      if let samples = entry["samples_ns"] {
        let values = samples as? [Any] ?? []
        let numbers = values.compactMap(number)
        guard !values.isEmpty, numbers.count == values.count else {
          throw UsageError(
            "--compare \(path): \"\(id)\" has samples_ns \(show(samples)), not a list of numbers")
        }
        baseline[id] = Samples(numbers)
        continue
      }
      var figures: [String: Double] = [:]
      for key in ["median_ns", "min_ns", "max_ns"] {
        guard let value = entry[key] else { continue }
        guard let figure = number(value) else {
          throw UsageError(
            "--compare \(path): \"\(id)\" has \(key) \(show(value)), which is not a number")
        }
        figures[key] = figure
      }
      guard let median = figures["median_ns"] else {
        throw UsageError("--compare \(path): \"\(id)\" has neither samples_ns nor median_ns")
      }
      baseline[id] = Samples([figures["min_ns"] ?? median, median, figures["max_ns"] ?? median])
    }
    guard !baseline.isEmpty else {
      throw UsageError("--compare \(path) holds no workload figures")
    }
    return baseline
  }

  private static func number(_ value: Any) -> Double? {
    // NB: JSONSerialization reads true and false as numbers too; a figure is never one.
    guard let number = value as? NSNumber, !(value is Bool) else { return nil }
    return number.doubleValue
  }

  private static func kind(of value: Any) -> String {
    switch value {
    case is [Any]: "array"
    case is String: "string"
    case is Bool: "boolean"
    case is NSNumber: "number"
    case is NSNull: "null"
    default: "value"
    }
  }

  private static func show(_ value: Any) -> String {
    if let text = value as? String { return "\"\(text)\"" }
    return kind(of: value)
  }
}
