extension Scope {
  /// `Scope(\.child, action: \.child) { Child() }`: the state key path without its label, as
  /// some TCA code writes it; the same as `Scope(state:action:child:)`.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<CasePattern<ParentAction>, CasePattern<ParentAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState, action: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// `Scope(\.child, action: Action.child) { Child() }`, the state key path without its label.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState, action: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// `Scope(\.editor, action: \.editor) { Editor() }` on an enum state, the state pattern
  /// without its label.
  @_disfavoredOverload
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: KeyPath<CasePattern<ParentState>, CasePattern<ParentState>>,
    action toChildAction: KeyPath<CasePattern<ParentAction>, CasePattern<ParentAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState, action: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
