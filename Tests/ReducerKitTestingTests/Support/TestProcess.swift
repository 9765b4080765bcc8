#if os(macOS) || os(Linux)
  import Foundation
  import Synchronization

  /// What a run of this test binary in a process of its own printed, and how it ended.
  struct TestProcessOutcome {
    var status: Int32
    var output: String
    /// The process was still running at its backstop and was killed: it hung.
    var timedOut: Bool
  }

  /// Runs this test binary again for the Swift Testing tests matching `filter`, with the
  /// environment variable `variable` set (a fixture's switch), and waits for it to end.
  ///
  /// `backstop` is real time only a hang reaches: the child is killed then, and the outcome says
  /// so, instead of the parent test hanging with it.
  ///
  /// NB: it suspends instead of blocking its thread while the child runs (seconds, for a stress
  /// fixture): a blocked thread of the cooperative pool (two on a 2-core machine) starves the
  /// tests running alongside, whose one-second waits then time out.
  func runTestProcess(
    filter: String, setting variable: String, backstop: Duration
  ) async throws -> TestProcessOutcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
    process.environment = ProcessInfo.processInfo.environment.merging([variable: "1"]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    let collected = LockedOutput()
    output.fileHandleForReading.readabilityHandler = { handle in
      collected.append(handle.availableData)
    }
    let ending = ProcessEnding()
    try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Void, any Error>) in
      process.terminationHandler = { _ in ending.end(continuation) }
      do {
        try process.run()
      } catch {
        return continuation.resume(throwing: error)
      }
      let pid = process.processIdentifier
      let seconds = Double(backstop.components.seconds)
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        if ending.markTimedOut() { kill(pid, SIGKILL) }
      }
    }
    output.fileHandleForReading.readabilityHandler = nil
    collected.append(output.fileHandleForReading.readDataToEndOfFile())
    return TestProcessOutcome(
      status: process.terminationStatus, output: collected.text, timedOut: ending.timedOut)
  }

  /// Whether the child ended, and whether the backstop killed it first.
  private final class ProcessEnding: Sendable {
    private let state = Mutex((ended: false, timedOut: false))

    /// Records the end and resumes the waiting test.
    func end(_ continuation: CheckedContinuation<Void, any Error>) {
      state.withLock { $0.ended = true }
      continuation.resume()
    }

    /// Records that the backstop passed; returns `true` if the child was still running.
    func markTimedOut() -> Bool {
      state.withLock { state in
        guard !state.ended else { return false }
        state.timedOut = true
        return true
      }
    }

    var timedOut: Bool { state.withLock { $0.timedOut } }
  }

  /// The child's output, appended from the pipe's reading thread.
  private final class LockedOutput: Sendable {
    private let data = Mutex(Data())
    func append(_ chunk: Data) { data.withLock { $0.append(chunk) } }
    var text: String { String(decoding: data.withLock { $0 }, as: UTF8.self) }
  }
#endif
