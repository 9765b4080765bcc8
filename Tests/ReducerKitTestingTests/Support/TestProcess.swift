#if os(macOS) || os(Linux)
  import Foundation

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
      ending.wait(with: continuation)
      process.terminationHandler = { _ in ending.end() }
      do {
        try process.run()
      } catch {
        return ending.fail(error)
      }
      let pid = process.processIdentifier
      let seconds = Double(backstop.components.seconds)
      DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        // NB: the parent stops waiting here too: under ThreadSanitizer, Foundation's
        // termination handler was once never called, and the parent hung with no CPU.
        if ending.markTimedOut() { kill(pid, SIGKILL) }
      }
    }
    output.fileHandleForReading.readabilityHandler = nil
    collected.append(output.fileHandleForReading.readDataToEndOfFile())
    // NB: a child the backstop killed may not be seen as ended yet (reading its status would
    // trap): it is reported by `timedOut`, with the status a SIGKILL gives.
    let timedOut = ending.timedOut
    return TestProcessOutcome(
      status: timedOut ? 128 + SIGKILL : process.terminationStatus, output: collected.text,
      timedOut: timedOut)
  }

  /// Whether the child ended, and whether the backstop killed it first; resumes the waiting
  /// test once, whichever comes first.
  ///
  /// NB: `NSLock`, not `Mutex`: ThreadSanitizer sees a pthread mutex's ordering, not the futex
  /// `Mutex` uses on Linux, and reported the output's appends as a race.
  private final class ProcessEnding: @unchecked Sendable {
    // NB: @unchecked Sendable: every stored property is read and written under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var ended = false
    private var didTimeOut = false

    /// Keeps the continuation to resume.
    func wait(with continuation: CheckedContinuation<Void, any Error>) {
      lock.withLock { self.continuation = continuation }
    }

    /// Records the end and resumes the waiting test, unless the backstop did.
    func end() {
      let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
        ended = true
        defer { self.continuation = nil }
        return self.continuation
      }
      continuation?.resume()
    }

    /// Resumes the waiting test with `error` (the child did not start).
    func fail(_ error: any Error) {
      let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
        ended = true
        defer { self.continuation = nil }
        return self.continuation
      }
      continuation?.resume(throwing: error)
    }

    /// Records that the backstop passed and resumes the waiting test; returns `true` if the
    /// child was still running (to be killed).
    func markTimedOut() -> Bool {
      let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
        guard !ended else { return nil }
        didTimeOut = true
        defer { self.continuation = nil }
        return self.continuation
      }
      guard let continuation else { return false }
      continuation.resume()
      return true
    }

    var timedOut: Bool { lock.withLock { didTimeOut } }
  }

  /// The child's output, appended from the pipe's reading thread.
  private final class LockedOutput: @unchecked Sendable {
    // NB: @unchecked Sendable: `data` is read and written only under `lock` (see ProcessEnding
    // for why not `Mutex`).
    private let lock = NSLock()
    private var data = Data()
    func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
    var text: String { String(decoding: lock.withLock { data }, as: UTF8.self) }
  }
#endif
