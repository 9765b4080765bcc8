/// Exactly three elements: a row of the board, or its three rows. A fixed size, so a board can
/// never have a missing or an extra cell.
public struct Three<Element>: MutableCollection, RandomAccessCollection {
  public var first: Element
  public var second: Element
  public var third: Element

  public init(_ first: Element, _ second: Element, _ third: Element) {
    self.first = first
    self.second = second
    self.third = third
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { 3 }

  /// NB: an index outside 0..<3 traps, as an array's does: it is a programming error, never
  /// user data (the board's cells are the only indices a feature passes).
  public subscript(index: Int) -> Element {
    get {
      switch index {
      case 0: first
      case 1: second
      case 2: third
      default: preconditionFailure("Index \(index) is outside a Three (0..<3).")
      }
    }
    set {
      switch index {
      case 0: first = newValue
      case 1: second = newValue
      case 2: third = newValue
      default: preconditionFailure("Index \(index) is outside a Three (0..<3).")
      }
    }
  }
}

extension Three: Equatable where Element: Equatable {}
extension Three: Hashable where Element: Hashable {}
extension Three: Sendable where Element: Sendable {}

/// The two players; `x` moves first.
public enum Player: Equatable, Sendable {
  case o
  case x

  public mutating func toggle() {
    self = self == .x ? .o : .x
  }

  /// The mark the player places.
  public var label: String {
    switch self {
    case .o: "⭕️"
    case .x: "❌"
    }
  }
}

/// A tic-tac-toe board: three rows of three cells, each empty or marked by a player.
public typealias Board = Three<Three<Player?>>

extension Three where Element == Three<Player?> {
  /// A board with no marks.
  public static var empty: Self {
    let row = Three<Player?>(nil, nil, nil)
    return Self(row, row, row)
  }

  /// Whether every cell is marked.
  public var isFilled: Bool {
    allSatisfy { row in row.allSatisfy { $0 != nil } }
  }

  /// The player who holds a whole row, column or diagonal, if any.
  public var winner: Player? {
    let lines: [[(Int, Int)]] =
      (0..<3).map { row in (0..<3).map { (row, $0) } }
      + (0..<3).map { column in (0..<3).map { ($0, column) } }
      + [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    for line in lines {
      let marks = line.map { self[$0.0][$0.1] }
      if let first = marks[0], marks.allSatisfy({ $0 == first }) { return first }
    }
    return nil
  }

  /// Whether someone has won.
  public var hasWinner: Bool { winner != nil }
}
