import Synchronization

/// State that `ifLet` dismisses by itself once the parent reduced one of its actions, as it does
/// alerts and confirmation dialogs: the state of a menu, a toast, a one-question prompt.
///
/// ```swift
/// struct ShareMenuState: Equatable, EphemeralState {
///   typealias Action = ShareMenuAction
///   var targets: [String]
/// }
///
/// Reduce { state, action in … }
///   .ifLet(\.shareMenu, action: \.shareMenu)   // no child reducer: the parent handles it
/// ```
///
/// A state that conforms is set to `nil` (or its ``Presents`` dismissed) after each of its
/// actions, in a plain optional and in ``Presents``, directly or as a case of a destination
/// enum. TCA spells the protocol `_EphemeralState`; both names work.
public protocol EphemeralState<Action> {
  /// The actions of the state (an alert's button actions).
  associatedtype Action
}

/// TCA's name for ``EphemeralState``.
public typealias _EphemeralState = EphemeralState

/// Numbers alerts and dialogs as they are built: cheap (one atomic add, where a `UUID` costs
/// microseconds on Linux) and unique within the process.
enum EphemeralInstance {
  private static let counter = Atomic<Int>(0)

  /// The next number.
  static func next() -> Int {
    counter.add(1, ordering: .relaxed).newValue
  }
}
