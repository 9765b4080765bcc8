/// State for a child feature that is presented (a sheet, an alert, a destination) or not.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// var body: some ReducerOf<Self> {
///   Reduce { … }
///     .ifLet(\.$destination, action: Action.destination) { Destination() }
/// }
/// ```
///
/// The presented child's identity is its enum case plus, for `Identifiable` state, its id.
/// Assigning a child with the same identity (even with other fields changed) keeps its effects
/// running; a child of another identity replaces it, and the old child's effects are cancelled.
/// Changing it in place (`state.destination?.count += 1`, or the child's reducer) keeps the
/// presentation. The value is stored indirectly, so a feature can present itself.
@propertyWrapper
public struct Presents<State> {
  // NB: a one-element array: copy-on-write, `Sendable` when the state is, and an indirection
  // that allows recursive states.
  @usableFromInline var storage: [State]
  /// The identity of the child its `ifLet` saw last (see `ChildIdentity`), so that it can cancel
  /// that child's effects when the child is replaced or removed, also by other code;
  /// `ChildIdentity.unknown` until the operator has run. Not part of the value: equality,
  /// hashing and encoding ignore it.
  @usableFromInline package var mounted: Int

  /// A presentation of `wrappedValue`, or none.
  @inlinable
  public init(wrappedValue: State?) {
    storage = wrappedValue.map { [$0] } ?? []
    mounted = ChildIdentity<State>.unknown
  }

  /// The presented state, or `nil`.
  @inlinable
  public var wrappedValue: State? {
    get { storage.first }
    set { storage = newValue.map { [$0] } ?? [] }
    _modify {
      var value = storage.popLast()
      // NB: moved out of the array while modified, so modifying it never copies its storage.
      defer { if let value { storage.append(value) } }
      yield &value
    }
  }

  /// The wrapper itself, for `ifLet(\.$destination, …)`.
  @inlinable
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    // NB: lets `state[keyPath: \.$destination]` modify in place instead of copying the
    // presented state (and every presentation below it) on each child action.
    _modify { yield &self }
  }

  /// An absent presentation with process-unique bytes, used to probe where a state keeps this
  /// field (see `PresentsAccess`).
  package static func sentinel() -> Self {
    var sentinel = Self(wrappedValue: nil)
    sentinel.mounted = Int(truncatingIfNeeded: StructureStamp.next())
    return sentinel
  }

  /// Whether a child is presented.
  @inlinable
  package var isPresented: Bool { !storage.isEmpty }

  /// Runs `body` on the presented state in place, keeping the presentation.
  @inlinable @inline(__always)
  package mutating func modifyPresented<Result>(_ body: (inout State) -> Result) -> Result? {
    guard !storage.isEmpty else { return nil }
    return body(&storage[0])
  }
}

extension Presents: Sendable where State: Sendable {}

extension Presents: Equatable where State: Equatable {
  /// Equal when the presented states are equal (which presentation it is does not matter).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage == rhs.storage
  }
}

extension Presents: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }
}

extension Presents: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension Presents: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(State?.self))
  }
}

extension Presents: CustomDumpRepresentable, DumpsAsItsValue {
  public var customDumpValue: Any { wrappedValue as Any }
}

extension Presents {
  /// The payload of the presented state when it is the case `embed` builds; `nil` when nothing
  /// is presented or another case is. Setting a payload changes the presented one's; setting
  /// `nil` dismisses it. As TCA's `$destination[case: \.editor]`:
  ///
  /// ```swift
  /// await store.send(\.destination.editor.titleChanged, "Milk") {
  ///   $0.$destination[case: Destination.State.editor]?.title = "Milk"
  /// }
  /// ```
  ///
  /// Setting it while another case (or nothing) is presented changes nothing and is a runtime
  /// warning (a test failure in a test), as it is an issue in TCA: present the case whole,
  /// `destination = .editor(…)`.
  public subscript<Case>(
    case embed: @escaping @Sendable (Case) -> State,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? {
    get { wrappedValue.flatMap { CaseAccess.extract(embed, from: $0) } }
    set {
      guard let presented = wrappedValue, CaseAccess.extract(embed, from: presented) != nil
      else {
        reportWriteThroughAbsentCase(
          "A presented state",
          holding: "Presented: \(wrappedValue.map { customDump($0) } ?? "nothing")",
          write:
            "changes the payload of the case that is presented, or dismisses it when set to nil",
          fix: "set the state whole: \"destination = .someCase(…)\"",
          at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return
      }
      wrappedValue = newValue.map(embed)
    }
  }
}
