import ExampleTerminal
import Foundation
import ToolshedExample

// `swift run toolshed [--record FILE]`: reads commands from standard input until "quit" or the
// end of input; with `--record`, writes the session's recording and its page when it ends.
let option: SessionRecordingOption?
do {
  option = try SessionRecordingOption(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(2)
}
let terminal = ToolshedTerminal(write: { print($0) })
let recording = option.map { _ in terminal.startRecording() }
terminal.start()
while let line = readLine() {
  guard await terminal.handle(line, ask: { readLine() }) else { break }
}
if let option, let recording { option.finish(recording, write: { print($0) }) }
