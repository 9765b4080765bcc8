#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  /// The benchmark executable, built next to this test binary, given each mistake a new user
  /// makes: one `error:` line on standard error, exit status 2, and nothing measured.
  @Suite struct CommandLineTests {
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String)
    {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("benchmarks")
      process.arguments = arguments
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      let printed = output.fileHandleForReading.readDataToEndOfFile()
      let reported = error.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (
        process.terminationStatus, String(decoding: printed, as: UTF8.self),
        String(decoding: reported, as: UTF8.self)
      )
    }

    private func file(_ contents: String) throws -> String {
      let path = NSTemporaryDirectory() + "baseline-\(UUID().uuidString).json"
      try contents.write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }

    @Test(arguments: [
      ["--filter"], ["--filter", "ZZZ"], ["--filter", "W1", "--filter", "W2"],
      ["--compare", "/no/such/baseline.json"], ["--json", "/no/such/dir/out.json"],
      ["--json", "/tmp"], ["--repetitions", "-1"], ["--frobnicate"],
    ])
    func aMistakeIsOneErrorLineAndStatusTwo(arguments: [String]) throws {
      let result = try run(arguments)
      #expect(result.status == 2)
      #expect(result.output.isEmpty, "nothing is measured or printed")
      #expect(result.error.hasPrefix("error: "))
      #expect(result.error.filter { $0 == "\n" }.count == 1, "\(result.error)")
    }

    @Test func aBaselineTheToolDidNotWriteIsOneErrorLine() throws {
      for contents in ["[]", #"{"W1": {"median_ns": "fast"}}"#, "{not json"] {
        let path = try file(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try run(["--compare", path, "--filter", "W1"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("error: --compare \(path)"), "\(result.error)")
        #expect(result.error.filter { $0 == "\n" }.count == 1)
      }
    }

    @Test func helpPrintsTheUsageAndSucceeds() throws {
      let result = try run(["--help"])
      #expect(result.status == 0)
      #expect(result.output.hasPrefix("usage: benchmarks"))
    }
  }
#endif
