/// An action that sets one field of a feature's state: what a bound control (a text field, a
/// toggle) sends as the user edits.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// store.send(.binding(.set(\.name, "Blob")))   // or store.send(.set(\.name, "Blob"))
/// ```
///
/// ``BindingReducer`` applies it; the parent can react to a given field with
/// `case .binding(\.name):`.
public struct BindingAction<Root>: Sendable {
  /// The field the action sets.
  public let keyPath: PartialKeyPath<Root> & Sendable
  /// The value it sets.
  public let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let isSameValue: @Sendable (any Sendable) -> Bool

  /// Sets the field at `keyPath` (nested fields too: `\.settings.volume`) to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath,
      value: value,
      apply: { $0[keyPath: keyPath] = value },
      isSameValue: { ($0 as? Value) == value }
    )
  }

  /// The same action, which tells `check` when it is applied.
  static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value> & Sendable, _ value: Value,
    checkedBy check: BindingCheck
  ) -> Self {
    Self(
      keyPath: keyPath,
      value: value,
      apply: {
        $0[keyPath: keyPath] = value
        check.markApplied()
      },
      isSameValue: { ($0 as? Value) == value }
    )
  }

  /// Sets the field in `root`.
  public func apply(to root: inout Root) {
    apply(&root)
  }

  /// The value this action sets the field at `keyPath` to; `nil` when it sets another field.
  /// TCA reads it with `action[case: \.binding.$name]`.
  ///
  /// ```swift
  /// case .binding(let binding):
  ///   if let name = binding.value(at: \.name) { analytics.track("renamed", name) }
  /// ```
  public func value<Value>(at keyPath: WritableKeyPath<Root, Value>) -> Value? {
    guard self.keyPath as AnyKeyPath == keyPath as AnyKeyPath else { return nil }
    return value as? Value
  }

  /// Whether this action sets the field at `keyPath`: `case .binding(\.name):`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    action.keyPath as AnyKeyPath == keyPath as AnyKeyPath
  }
}

extension BindingAction: Equatable {
  /// Equal when they set the same field to the same value.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath as AnyKeyPath == rhs.keyPath as AnyKeyPath && lhs.isSameValue(rhs.value)
  }
}

extension BindingAction: CustomDumpRepresentable {
  public var customDumpValue: Any {
    "BindingAction.set(\(String(describing: keyPath)), \(customDump(value)))"
  }
}

/// An action enum with a case for ``BindingAction``s of its feature's state.
///
/// ```swift
/// enum Action: BindableAction, Sendable {
///   case binding(BindingAction<State>)
///   case saveTapped
/// }
/// ```
public protocol BindableAction {
  /// The state the bindings set.
  associatedtype State
  /// The case that carries binding actions: `case binding(BindingAction<State>)`.
  static func binding(_ action: BindingAction<State>) -> Self
}

extension BindableAction {
  /// A binding action setting the field at `keyPath` to `value`:
  /// `store.send(.set(\.name, "Blob"))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
