import ToolshedExample

// `swift run toolshed`: reads commands from standard input until "quit" or the end of input.
let terminal = ToolshedTerminal(write: { print($0) })
terminal.start()
while let line = readLine() {
  guard await terminal.handle(line, ask: { readLine() }) else { break }
}
