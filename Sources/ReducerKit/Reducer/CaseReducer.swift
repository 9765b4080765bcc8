/// A reducer that runs one child per case of its enum state: a stack's `Path`, a `Destination`.
/// TCA writes it `@Reducer enum Path { case detail(Detail) … }`; here it is a struct with the
/// enum as its state, a `Scope` per case, and an `init()`:
///
/// ```swift
/// struct Path: CaseReducer {
///   enum State: CasePathable, Equatable { case detail(Detail.State), case edit(Edit.State) }
///   enum Action { case detail(Detail.Action), case edit(Edit.Action) }
///   var body: some ReducerOf<Self> {
///     Scope(state: \.detail, action: \.detail) { Detail() }
///     Scope(state: \.edit, action: \.edit) { Edit() }
///   }
/// }
/// extension Path.State: CaseReducerState { typealias StateReducer = Path }
/// ```
///
/// With its state naming it (``CaseReducerState``), a parent leaves out the trailing reducer, as
/// in TCA: `.forEach(\.path, action: \.path)`, `.ifLet(\.$destination, action: \.destination)`.
public protocol CaseReducer<State, Action>: Reducer {
  /// An enum with a case per case of `State`, of the same name, holding that case's store:
  /// what `switch store.case` switches over (see ``CaseScopeEnum``). `Never` until declared.
  associatedtype CaseScope = Never

  /// The reducer, made by the operators that run it.
  init()
}

/// The state of a ``CaseReducer``, naming its reducer with one line, as TCA's protocol of this
/// name is spelled: `extension Path.State: CaseReducerState { typealias StateReducer = Path }`.
public protocol CaseReducerState: ReducerState where StateReducer: CaseReducer {}

/// A state that names the reducer that runs it, so that a store scoped to it has its action
/// type without an annotation, as TCA's typed case key paths give it:
///
/// ```swift
/// extension Detail.State: ReducerState { typealias StateReducer = Detail }
///
/// if let store = store.scope(state: \.detail, action: \.detail) {  // StoreOf<Detail>
///   DetailView(store: store)
/// }
/// ```
///
/// A ``CaseReducerState`` is one already; the migration tool writes the line for a
/// `@Reducer enum`.
public protocol ReducerState {
  /// The reducer that runs this state.
  associatedtype StateReducer: Reducer where StateReducer.State == Self
}

extension Reducer where Action: Sendable {
  /// `forEach(_:action:destination:fileID:filePath:line:column:)` with the reducer the stack's
  /// element state names, as TCA writes it: `.forEach(\.path, action: \.path)`.
  @inlinable
  public func forEach<ElementState: CaseReducerState>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackForEachReducer<Self, ElementState.StateReducer> {
    forEach(
      toStack, action: toStackAction, destination: { ElementState.StateReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `ifLet(_:action:destination:fileID:filePath:line:column:)` with the reducer the presented
  /// state names, as TCA writes it: `.ifLet(\.$destination, action: \.destination)`.
  @inlinable
  public func ifLet<ChildState: CaseReducerState>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, ChildState.StateReducer> {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { ChildState.StateReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
