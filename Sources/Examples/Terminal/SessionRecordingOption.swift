import Foundation
import ReducerKit

/// `--record FILE` on an example terminal app's command line: the session is recorded while the
/// app runs, and when it ends the recording is written to `FILE` (when its states and actions
/// are `Codable`) with its page beside it (`FILE` with the extension `.html`).
public struct SessionRecordingOption: Equatable, Sendable {
  /// Where the recording goes.
  public var file: URL
  /// Where its page goes: beside ``file``, with the extension `.html`.
  public var page: URL { file.deletingPathExtension().appendingPathExtension("html") }

  /// The option on `arguments` (a command line without the program's name); `nil` when it is
  /// not there. Throws a message to print when `--record` has no file after it or another
  /// argument is there.
  public init?(arguments: [String]) throws(TerminalUsageError) {
    guard !arguments.isEmpty else { return nil }
    guard arguments.count == 2, arguments[0] == "--record", !arguments[1].hasPrefix("-") else {
      throw TerminalUsageError(
        "expected no arguments, or \"--record FILE\" to record the session; got "
          + arguments.map { "\"\($0)\"" }.joined(separator: " "))
    }
    file = URL(fileURLWithPath: arguments[1])
  }

  /// Stops `recording` and writes it and its page, telling `write` what was written (or why
  /// the recording itself could not be).
  @MainActor
  public func finish<State, Action>(
    _ recording: SessionRecording<State, Action>, write: (String) -> Void
  ) {
    recording.stop()
    let count = recording.steps.count
    do {
      try recording.writeHTML(to: page, title: "Session: \(file.lastPathComponent)")
    } catch {
      write("The session's page was not written to \(page.path): \(error.localizedDescription)")
    }
    do {
      try recording.write(to: file)
      write("Recorded \(count) actions: \(file.path), and its page \(page.path).")
    } catch let error as SessionRecordingError {
      write("Recorded \(count) actions: the page is \(page.path). \(error)")
    } catch {
      write("Recorded \(count) actions: the page is \(page.path). \(error.localizedDescription)")
    }
  }
}

/// A mistake on an example app's command line, as one line to print.
public struct TerminalUsageError: Error, Equatable, CustomStringConvertible {
  /// The message, without the `error:` the app prints before it.
  public var description: String

  /// A mistake described by `description`.
  public init(_ description: String) {
    self.description = description
  }
}
