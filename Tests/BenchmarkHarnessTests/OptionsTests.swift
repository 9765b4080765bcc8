import BenchmarkHarness
import Foundation
import Testing

/// The command line is checked before anything runs: each mistake is one line.
@Suite struct OptionsTests {
  private func error(_ arguments: String) -> String? {
    do {
      _ = try BenchmarkOptions.parse(arguments.split(separator: " ").map(String.init))
      return nil
    } catch {
      return error.message
    }
  }

  @Test func readsEveryOption() throws {
    let options = try BenchmarkOptions.parse([
      "--filter", "w1, W7", "--repetitions", "3", "--json", "out.json", "--check",
      "--compare", "old.json",
    ])
    #expect(options.filter == ["w1", "W7"])
    #expect(options.repetitions == 3)
    #expect(options.jsonPath == "out.json")
    #expect(options.check && !options.quick && !options.scaling)
    #expect(options.comparePath == "old.json")
    #expect(try BenchmarkOptions.parse(["--svg", "chart.svg"]).scaling)
  }

  @Test func eachMistakeIsOneLine() {
    #expect(
      error("--filter")
        == "--filter needs one or more ids, separated by commas, as in --filter W1,W7")
    #expect(
      error("--filter --quick")
        == "--filter needs one or more ids, separated by commas, as in --filter W1,W7")
    #expect(
      error("--filter W1,,W7")
        == "--filter has an empty id; separate ids with commas, as in W1,W7")
    #expect(error("--filter W1 --filter W2") == "--filter is given twice; give it once")
    #expect(error("--json") == "--json needs the path of the file to write")
    #expect(
      error("--compare") == "--compare needs the path of a file an earlier run wrote with --json")
    #expect(error("--repetitions 0") == #"--repetitions needs a positive whole number, not "0""#)
    #expect(error("--fast") == #"unknown argument "--fast"; see --help"#)
    #expect(
      error("--check --quick") == "--check holds full-size figures to their targets; drop --quick")
    #expect(
      error("--scaling --compare old.json")
        == "--compare compares workloads; it does not apply to --scaling")
    #expect(
      error("--svg a.svg --instructions")
        == "--instructions counts workloads; it does not apply to --scaling")
    #expect(error("--help") == nil)
  }

  @Test func aFilterNamesIdsExactlyInAnyCase() throws {
    let known = ["W0", "W1", "W6r", "C3", "W7"]
    let options = try BenchmarkOptions.parse(["--filter", "w1,w7"])
    #expect(try options.selected(from: known, kind: "workload") == ["W1", "W7"])
    #expect(try BenchmarkOptions().selected(from: known, kind: "workload") == known)
    #expect(
      throws: UsageError(
        #"no workload has the id "ZZZ"; the workload ids are W0, W1, W6r, C3, W7"#)
    ) {
      try BenchmarkOptions.parse(["--filter", "W1,ZZZ"]).selected(from: known, kind: "workload")
    }
  }
}

@Suite struct BaselineFileTests {
  private func error(_ json: String) -> String? {
    do {
      _ = try BaselineFile.decode(Data(json.utf8), path: "old.json")
      return nil
    } catch {
      return error.message
    }
  }

  @Test func readsTheFiguresARunWrote() throws {
    let baseline = try BaselineFile.decode(
      Data(
        """
        {"meta": {"date": "2026-11-27"}, "peak_rss_kb": 1,
         "W1": {"samples_ns": [20, 19, 21]}, "W2": {"median_ns": 900, "min_ns": 890},
         "M1": {"bytes_per_effect": 3866}}
        """.utf8), path: "old.json")
    #expect(baseline["W1"]?.median == 20)
    #expect(baseline["W2"]?.values == [890, 900, 900])
    #expect(baseline["M1"] == nil)
  }

  @Test func aFileTheToolDidNotWriteIsOneLine() {
    #expect(
      error("not json") == "--compare old.json is not JSON; give a file a run wrote with --json")
    #expect(
      error("[]")
        == "--compare old.json holds a JSON array, not the object of workload figures a run writes with --json"
    )
    #expect(
      error(#"{"W1": {"median_ns": "fast"}}"#)
        == #"--compare old.json: "W1" has median_ns "fast", which is not a number"#)
    #expect(
      error(#"{"W1": {"median_ns": true}}"#)
        == #"--compare old.json: "W1" has median_ns boolean, which is not a number"#)
    #expect(
      error(#"{"W1": {"samples_ns": [1, "x"]}}"#)
        == #"--compare old.json: "W1" has samples_ns array, not a list of numbers"#)
    #expect(error(#"{"W1": 3}"#) == #"--compare old.json: "W1" holds a number, not an object"#)
    #expect(
      error(#"{"W1": {}}"#) == #"--compare old.json: "W1" has neither samples_ns nor median_ns"#)
    #expect(error("{}") == "--compare old.json holds no workload figures")
  }
}

@Suite struct TargetTests {
  @Test func aTargetIsATimeOrARatioToABaselineOfTheSameRun() {
    #expect(Target.atMost(nanoseconds: 50).isMet(by: 19.5, medians: [:]) == true)
    #expect(Target.atMost(nanoseconds: 500).isMet(by: 900, medians: [:]) == false)
    let ratio = Target.ratio(to: "B7", atMost: 1.3)
    #expect(ratio.isMet(by: 2_900, medians: ["B7": 2_600]) == true)
    #expect(ratio.isMet(by: 4_000, medians: ["B7": 2_600]) == false)
    #expect(ratio.isMet(by: 4_000, medians: [:]) == nil)
    #expect(ratio.description == "≤ 1.3 × B7")
    #expect(Target.atMost(nanoseconds: 5_000).description == "≤ 5 µs")
    #expect(
      Target.atMost(nanoseconds: 1_000, label: "≤ 100 ns a scope").description
        == "≤ 100 ns a scope")
  }
}

@Suite struct RunInfoTests {
  @Test func aChartSaysWhenAndWhereItWasMeasured() {
    let info = RunInfo(
      date: "2026-11-27", commit: "abc1234", machine: "x86_64 Linux, 2 cores",
      toolchain: "Swift 6.3")
    #expect(info.summary == "2026-11-27, commit abc1234, x86_64 Linux, 2 cores, Swift 6.3")
    let sweep = Sweep(
      id: "R1", title: "row", unit: "rows", complexity: .constant,
      points: [(100, 10), (1_000, 40)])
    let svg = SVGChart(title: "chart", subtitle: info.summary).render([sweep])
    #expect(svg.contains("Measured 2026-11-27, commit abc1234, x86_64 Linux, 2 cores, Swift 6.3"))
    #expect(svg.contains("row O(1) TOO STEEP"))
  }
}
