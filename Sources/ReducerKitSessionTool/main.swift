import Foundation
import ReducerKit

// `swift run reducerkit-session test FILE [--from-step N] [--name NAME] [--output PATH]`: the
// reducer-alone Swift Testing test of a recorded session, from the file `recording.write(to:)`
// wrote (which keeps it: this needs none of the feature's types).
let usage = """
  usage: reducerkit-session test FILE [--from-step N] [--name NAME] [--output PATH]
    FILE            a session recording, written by "recording.write(to:)"
    --from-step N   start at step N, from the state the steps before it left
    --name NAME     the test function's name (default: recordedSession)
    --output PATH   write the test there (default: print it)
  """

/// The command line, read: what to write, and where.
struct TestCommand {
  var file = ""
  var firstStep: Int?
  var name = "recordedSession"
  var output: String?

  init(_ arguments: [String]) throws {
    guard arguments.first == "test" else {
      throw UsageError(
        arguments.first.map { "unknown command \"\($0)\"; the command is \"test\"" }
          ?? "no command given")
    }
    var rest = arguments.dropFirst()
    while let argument = rest.popFirst() {
      switch argument {
      case "--from-step", "--name", "--output":
        guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
        if argument == "--from-step" {
          guard let step = Int(value), step >= 0 else {
            throw UsageError("--from-step takes a step's index, a whole number; read \"\(value)\"")
          }
          firstStep = step
        } else if argument == "--name" {
          name = value
        } else {
          output = value
        }
      case let option where option.hasPrefix("--"):
        throw UsageError("unknown option \"\(option)\"")
      default:
        guard file.isEmpty else { throw UsageError("one recording file at a time") }
        file = argument
      }
    }
    guard !file.isEmpty else { throw UsageError("no recording file given") }
  }
}

/// A command line that cannot be run as given.
struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

let command: TestCommand
do {
  command = try TestCommand(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n\(usage)\n".utf8))
  exit(2)
}
do {
  let data = try Data(contentsOf: URL(fileURLWithPath: command.file))
  let source = try SessionFileTest.source(
    of: data, source: command.file, named: command.name, from: command.firstStep)
  if let output = command.output {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
  } else {
    print(source, terminator: "")
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
