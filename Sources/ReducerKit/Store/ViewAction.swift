/// An action enum whose user-facing actions live in one `view` case, as in TCA: a view sends
/// `store.send(.saveTapped)` for `.view(.saveTapped)`, and assigns bindable fields directly.
///
/// ```swift
/// enum Action: ViewAction, Sendable {
///   case view(View)
///   case `internal`(Internal)
///   enum View: BindableAction, Sendable {
///     case binding(BindingAction<State>)
///     case saveTapped
///   }
/// }
/// store.send(.saveTapped)   // .view(.saveTapped)
/// store.name = "Blob"       // .view(.binding(.set(\.name, "Blob")))
/// ```
///
/// The `view` case satisfies the requirement: conforming needs no code. (ReducerKit also checks
/// the view/internal/delegate convention where actions enter a store; see
/// ``Store/checksActionCategories``.)
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction
  /// The case that carries them: `case view(View)`.
  static func view(_ action: ViewAction) -> Self
}

extension Store where Action: ViewAction, Action.ViewAction: Sendable {
  /// Sends a view action: `store.send(.saveTapped)` sends `.view(.saveTapped)`.
  @discardableResult
  public func send(
    _ action: Action.ViewAction,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    send(.view(action), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
