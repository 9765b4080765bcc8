import Foundation
import TodosExample

// `swift run todos`: reads commands from standard input until "quit" or the end of input.
let terminal = TodosTerminal(
  file: TodosTerminal.defaultFile(environment: ProcessInfo.processInfo.environment),
  write: { print($0) })
terminal.start()
while let line = readLine() {
  guard await terminal.handle(line, confirm: { readLine() }) else { break }
}
