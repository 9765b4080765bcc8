import Synchronization

extension Store where Action: BindableAction, Action.State == State {
  /// A field of the current state, which assigning sets through a binding action:
  /// `store.query = "Blob"` sends `.binding(.set(\.query, "Blob"))`, as TCA's stores of
  /// bindable features do. With SwiftUI, `@Bindable var store` gives `$store.query`.
  ///
  /// ```swift
  /// store.query = "Blob"   // BindingReducer sets it; `case .binding(\.query):` reacts
  /// store.query            // "Blob"
  /// ```
  ///
  /// > Important: The action goes through the reducer: without a ``BindingReducer`` in the
  /// > feature's body nothing sets the field, and the store warns once the action has been
  /// > reduced.
  // NB: disfavored, so that reading a field keeps the read-only subscript (and its fast path);
  // only an assignment, which that one cannot take, picks this one.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { self[dynamicMember: keyPath as KeyPath<State, Value>] }
    set { assign(newValue, to: keyPath, through: Action.binding, reducer: "BindingReducer()") }
  }
}

extension Store
where
  Action: ViewAction, Action.ViewAction: BindableAction & Sendable,
  Action.ViewAction.State == State
{
  /// A field of the current state, which assigning sets through a binding action in the
  /// `view` case: `store.name = "Blob"` sends `.view(.binding(.set(\.name, "Blob")))`, for a
  /// feature whose reducer has `BindingReducer(action: Action.view)`. See the subscript of
  /// stores whose `Action` is itself bindable.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value> & Sendable
  ) -> Value {
    get { self[dynamicMember: keyPath as KeyPath<State, Value>] }
    set {
      assign(
        newValue, to: keyPath, through: { .view(.binding($0)) },
        reducer: "BindingReducer(action: Action.view)")
    }
  }
}

extension Store {
  /// Sends the binding action that sets the field at `keyPath` to `value`, embedded by
  /// `embed`, watched by a check that warns when no `reducer` applied it.
  func assign<Value: Equatable & Sendable>(
    _ value: Value, to keyPath: WritableKeyPath<State, Value> & Sendable,
    through embed: (BindingAction<State>) -> Action, reducer: StaticString
  ) {
    let check = BindingCheck(
      field: keyPath, value: value, reducer: reducer, site: core.family.warningSite)
    send(embed(BindingAction.set(keyPath, value, checkedBy: check)))
  }
}

/// Watches one binding action a store sent for a field assignment, and warns when the action
/// was released without a ``BindingReducer`` having applied it.
///
/// The check runs when the last copy of the action goes away rather than right after `send`:
/// an assignment made while the store is busy is queued and reduced later, before that outer
/// `send` returns.
final class BindingCheck: Sendable {
  private let applied = Atomic<Bool>(false)
  private let field: AnyKeyPath & Sendable
  private let value: any Sendable
  private let reducer: StaticString
  private let site: SourceSite

  init(field: AnyKeyPath & Sendable, value: any Sendable, reducer: StaticString, site: SourceSite) {
    self.field = field
    self.value = value
    self.reducer = reducer
    self.site = site
  }

  func markApplied() {
    applied.store(true, ordering: .relaxed)
  }

  deinit {
    guard !applied.load(ordering: .relaxed) else { return }
    reportRuntimeWarning(
      """
      A binding action a store sent was not applied: no "BindingReducer" set the field.

        Field:
          \(String(describing: field))
        Value:
      \(customDump(value, indent: 4))

      Assigning a field of a store ("store.field = value", or a SwiftUI binding to it) sends \
      a binding action, which the feature's reducer applies. To fix this, put \
      "\(reducer)" first in the feature's "body".
      """,
      at: site
    )
  }
}
