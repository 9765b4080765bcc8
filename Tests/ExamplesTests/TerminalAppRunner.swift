#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  /// Runs an example's terminal executable, built next to this test binary, with `input` piped
  /// to its standard input; returns what it printed. Foundation's `Process` exists on macOS and
  /// Linux only, so these end-to-end tests do too.
  func runTerminalApp(
    _ name: String, arguments: [String] = [], input: String,
    environment extra: [String: String] = [:], expectedStatus: Int32 = 0
  ) throws -> String {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(name)
    #expect(FileManager.default.fileExists(atPath: executable.path), "build the \(name) target")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == expectedStatus)
    return String(decoding: output, as: UTF8.self)
  }
#endif
