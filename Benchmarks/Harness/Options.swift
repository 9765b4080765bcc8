/// The benchmark executable's command line, checked before anything runs: a mistake is one
/// `error:` line and exit status 2, never a run that measures something else.
public struct BenchmarkOptions: Equatable, Sendable {
  /// The ids `--filter` named, as given (matched without regard to case); `nil` for all.
  public var filter: [String]?
  public var repetitions = 5
  public var quick = false
  public var jsonPath: String?
  public var scaling = false
  public var svgPath: String?
  public var comparePath: String?
  /// Exit non-zero when a measured row misses its target or a sweep grows too steeply.
  public var check = false
  /// Count instructions under valgrind's callgrind instead of timing.
  public var instructions = false

  public init() {}

  /// Reads `arguments` (without the executable's name).
  ///
  /// - Throws: ``UsageError`` with the one line to print; its message is `nil` for `--help`.
  public static func parse(_ arguments: [String]) throws(UsageError) -> BenchmarkOptions {
    var options = BenchmarkOptions()
    var given: Set<String> = []
    var index = arguments.startIndex
    func value(for option: String) throws(UsageError) -> String {
      let next = arguments.index(after: index)
      guard next < arguments.endIndex, !arguments[next].hasPrefix("--"),
        !arguments[next].isEmpty
      else { throw UsageError(Self.missingValue[option] ?? "\(option) needs a value") }
      index = next
      return arguments[next]
    }
    while index < arguments.endIndex {
      let argument = arguments[index]
      if argument.hasPrefix("--"), !given.insert(argument).inserted {
        throw UsageError("\(argument) is given twice; give it once")
      }
      switch argument {
      case "--filter":
        let ids = try value(for: argument).split(separator: ",", omittingEmptySubsequences: false)
          .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !ids.contains(where: \.isEmpty) else {
          throw UsageError("--filter has an empty id; separate ids with commas, as in W1,W7")
        }
        options.filter = ids
      case "--repetitions":
        let text = try value(for: argument)
        guard let count = Int(text), count > 0 else {
          throw UsageError("--repetitions needs a positive whole number, not \"\(text)\"")
        }
        options.repetitions = count
      case "--quick": options.quick = true
      case "--json": options.jsonPath = try value(for: argument)
      case "--scaling": options.scaling = true
      case "--svg": options.svgPath = try value(for: argument)
      case "--compare": options.comparePath = try value(for: argument)
      case "--check": options.check = true
      case "--instructions": options.instructions = true
      case "--help", "-h": throw UsageError(nil)
      default: throw UsageError("unknown argument \"\(argument)\"; see --help")
      }
      index = arguments.index(after: index)
    }
    if options.svgPath != nil { options.scaling = true }
    if options.scaling, options.comparePath != nil {
      throw UsageError("--compare compares workloads; it does not apply to --scaling")
    }
    if options.scaling, options.instructions {
      throw UsageError("--instructions counts workloads; it does not apply to --scaling")
    }
    if options.check, options.quick {
      throw UsageError("--check holds full-size figures to their targets; drop --quick")
    }
    return options
  }

  private static let missingValue = [
    "--filter": "--filter needs one or more ids, separated by commas, as in --filter W1,W7",
    "--repetitions": "--repetitions needs a positive whole number, as in --repetitions 3",
    "--json": "--json needs the path of the file to write",
    "--svg": "--svg needs the path of the file to write",
    "--compare": "--compare needs the path of a file an earlier run wrote with --json",
  ]

  /// The ids of `known` that `--filter` selects, in `known`'s order (all of them without a
  /// filter): each id of the filter must name one exactly, in any case.
  ///
  /// - Parameter kind: What the ids name ("workload", "sweep"), for the error.
  public func selected(from known: [String], kind: String) throws(UsageError) -> [String] {
    guard let filter else { return known }
    let wanted = Set(filter.map { $0.uppercased() })
    let unknown = filter.filter { id in !known.contains { $0.uppercased() == id.uppercased() } }
    guard unknown.isEmpty else {
      let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      throw UsageError(
        "no \(kind) has the id \(names); the \(kind) ids are \(known.joined(separator: ", "))")
    }
    return known.filter { wanted.contains($0.uppercased()) }
  }
}

/// A mistake on the command line, or a request for help (no message).
public struct UsageError: Error, Equatable, Sendable {
  /// The one line to print after `error: `; `nil` for `--help`.
  public var message: String?

  public init(_ message: String?) {
    self.message = message
  }

  public static let usage = """
    usage: benchmarks [--filter IDS] [--repetitions N] [--quick] [--json PATH] [--check]
                      [--compare BASELINE.json] [--instructions]
                      [--scaling] [--svg PATH]
      --filter IDS      run only these workloads (or sweeps, with --scaling): ids separated by
                        commas, matched exactly in any case, as in --filter W1,W7,M1
      --repetitions N   timed repetitions per workload (default 5)
      --quick           tiny sizes, for smoke runs (seconds, not minutes)
      --json PATH       also write the figures as JSON, with the date, commit and machine
      --check           exit 1 when a row misses its target or a sweep grows too steeply
      --compare PATH    compare the workloads with a JSON file an earlier run wrote
      --instructions    count instructions per operation under valgrind's callgrind (which
                        does not drift with the machine's load) instead of timing
      --scaling         measure how costs grow with the size of the work
      --svg PATH        with --scaling (implied), also draw the sweeps as an SVG chart

    Memory rows (M1…) take each sample in a fresh child process of this executable.
    """
}
