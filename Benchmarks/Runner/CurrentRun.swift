import BenchmarkHarness
import Foundation

extension RunInfo {
  /// This run: today, the commit of the checkout the executable runs in, this machine.
  static func current() -> RunInfo {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return RunInfo(
      date: formatter.string(from: Date()), commit: currentCommit(), machine: currentMachine(),
      toolchain: toolchain)
  }

  private static var toolchain: String {
    #if compiler(>=6.4)
      "Swift 6.4 or later"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #elseif compiler(>=6.2)
      "Swift 6.2"
    #else
      "Swift 6"
    #endif
  }

  /// `git rev-parse --short HEAD` in the current directory, `+changes` when the work tree
  /// differs from it; `unknown` without git or a checkout.
  private static func currentCommit() -> String {
    guard let commit = git(["rev-parse", "--short", "HEAD"]), !commit.isEmpty else {
      return "unknown"
    }
    let changes = git(["status", "--porcelain", "--untracked-files=no"]) ?? ""
    return changes.isEmpty ? commit : commit + "+changes"
  }

  private static func git(_ arguments: [String]) -> String? {
    #if os(macOS) || os(Linux)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git"] + arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      do { try process.run() } catch { return nil }
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return nil }
      return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    #else
      return nil
    #endif
  }

  /// `x86_64 Linux, 2 cores, <processor>`.
  private static func currentMachine() -> String {
    #if arch(x86_64)
      let architecture = "x86_64"
    #elseif arch(arm64)
      let architecture = "arm64"
    #else
      let architecture = "unknown architecture"
    #endif
    #if os(Linux)
      let system = "Linux"
    #elseif os(macOS)
      let system = "macOS"
    #else
      let system = "unknown system"
    #endif
    let cores = ProcessInfo.processInfo.activeProcessorCount
    var machine = "\(architecture) \(system), \(cores) core\(cores == 1 ? "" : "s")"
    if let processor = processorName() { machine += ", \(processor)" }
    return machine
  }

  private static func processorName() -> String? {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return nil
    }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      return line.split(separator: ":", maxSplits: 1).last.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}
