import Foundation
import TicTacToeExample

// `swift run tictactoe`: reads commands from standard input until "exit" or the end of input.
let terminal = TicTacToeTerminal(write: { print($0) })
terminal.start()
while let line = readLine() {
  guard await terminal.handle(line) else { break }
}
