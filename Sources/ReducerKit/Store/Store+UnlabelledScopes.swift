// TCA 1.25 writes a scope's state key path without its label (`store.scope(\.child, action:
// \.child)`), and soft-deprecates the label there; these forward to the labelled forms, so both
// spellings name the same cached stores.

extension Store {
  /// A store for a part of this store's state, for the child actions in the case a case pattern
  /// names: `store.scope(\.counter, action: \.counter)`, the same store as
  /// `scope(state:action:)` by pattern.
  @_disfavoredOverload
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    _ toChildState: KeyPath<State, ChildState>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction> {
    scope(
      state: toChildState, action: toChildAction, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// A store for optional child state, `nil` while the state is: `store.scope(\.detail,
  /// action: \.detail)`, the same store as the optional `scope(state:action:)` by pattern.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    _ toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(
      state: toChildState, action: toChildAction, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// A store for presented child state (`@Presents var sheet`), `nil` while nothing is
  /// presented: `store.scope(\.$sheet, action: \.sheet)`, the same store as scoping through
  /// `\.sheet`.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    _ toPresents: KeyPath<State, Presents<ChildState>>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(
      state: toPresents, action: toChildAction, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// A store for each element of an identified array, in order: `ForEach(store.scope(\.rows,
  /// action: \.rows)) { … }`, the same stores as `scope(state:action:)` by pattern.
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction: Sendable>(
    _ toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Store<ElementState, ElementAction>] {
    scope(
      state: toElements, action: toElementAction, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// A store for each element of a navigation stack, bottom first: `store.scope(\.path, action:
  /// \.path)`, the same stores as `scope(state:action:)` by pattern.
  public func scope<ElementState: Sendable, ElementAction: Sendable>(
    _ toStack: KeyPath<State, StackState<ElementState>>,
    action toStackAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Store<ElementState, ElementAction>] {
    scope(
      state: toStack, action: toStackAction, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension Store {
  /// A store for presented child state through a case pattern:
  /// `store.scope(state: \.$sheet, action: \.sheet)`, the same store as scoping through
  /// `\.sheet`.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toPresents: KeyPath<State, Presents<ChildState>>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    scope(
      state: toPresents.appending(path: \.wrappedValue), action: toChildAction, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
