extension Store {
  /// A store for optional child state whose state names its reducer (``ReducerState``),
  /// typed without an annotation: `if let store = store.scope(state: \.detail, action:
  /// \.detail) { … }` is a `StoreOf<Detail>`, as with TCA's typed case key paths.
  @inlinable
  public func scope<ChildState: ReducerState>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildState.StateReducer.Action>?
  where ChildState.StateReducer.Action: Sendable {
    optionalScope(
      state: toChildState, action: toChildAction,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The unlabelled form of the optional scope typed by its state's reducer:
  /// `if let store = store.scope(\.detail, action: \.detail)`.
  @inlinable
  public func scope<ChildState: ReducerState>(
    _ toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildState.StateReducer.Action>?
  where ChildState.StateReducer.Action: Sendable {
    optionalScope(
      state: toChildState, action: toChildAction,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// The enum `switch store.case` switches over: a case per case of a ``CaseReducer``'s state,
/// with the same name, holding a store of that case's state and action. It stands in for the
/// enum TCA's `@Reducer` macro generates, written once beside the reducer:
///
/// ```swift
/// struct Path: CaseReducer {
///   @dynamicMemberLookup
///   enum State: CasePathable, Equatable { case detail(Detail.State), case edit(Edit.State) }
///   enum Action { case detail(Detail.Action), case edit(Edit.Action) }
///   enum CaseScope: CaseScopeEnum { case detail(StoreOf<Detail>), case edit(StoreOf<Edit>) }
///   var body: some ReducerOf<Self> { … }
/// }
///
/// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
///   …
/// } destination: { store in
///   switch store.case {
///   case let .detail(store): DetailView(store: store)
///   case let .edit(store): EditView(store: store)
///   }
/// }
/// ```
///
/// A case that is not a feature (TCA's `@ReducerCaseIgnored`, such as an alert's state) holds
/// what the state's case holds, or nothing when it holds nothing: `case alert(AlertState<Alert>)`.
///
/// The compiler checks the `switch` against the enum, and the enum is checked against the
/// reducer's state and action the first time any `store.case` of it is read: a state case with
/// no counterpart, or a counterpart holding a store of other types, is a runtime warning
/// listing each.
public protocol CaseScopeEnum {}

extension Store
where State: CaseReducerState & CasePathable, State.StateReducer.CaseScope: CaseScopeEnum {
  /// The store of the case the state holds, as a case of the reducer's ``CaseScopeEnum``, to
  /// `switch` over: `switch store.case { case let .detail(store): DetailView(store: store) … }`.
  ///
  /// Each case's store is cached as a scope's is: the same store while the state stays in that
  /// case.
  ///
  /// > Important: The enum must have a case for the state's current case, holding a store of
  /// > its state and action; the first read reports every case that does not (a runtime
  /// > warning). Reading it while the state is in a case the enum cannot hold stops the app,
  /// > with that warning, as a `switch` with no matching case would.
  public var `case`: State.StateReducer.CaseScope {
    caseScope(State.StateReducer.CaseScope.self)
  }
}

/// A parent store that can scope to one case of its enum state by name.
@MainActor
protocol CaseStoreScoping {
  func caseStore<CaseState, CaseAction: Sendable>(
    named name: String, _: CaseState.Type, _: CaseAction.Type
  ) -> Store<CaseState, CaseAction>?
}

/// A store type a ``CaseScopeEnum`` case holds, made from its parent by the case's name.
@MainActor
protocol CaseStoreMaking {
  static func makeCaseStore(from parent: any CaseStoreScoping, named name: String) -> Any?
  static var caseStoreTypes: (state: Any.Type, action: Any.Type) { get }
}

extension Store: CaseStoreMaking {
  static func makeCaseStore(from parent: any CaseStoreScoping, named name: String) -> Any? {
    parent.caseStore(named: name, State.self, Action.self)
  }
  static var caseStoreTypes: (state: Any.Type, action: Any.Type) { (State.self, Action.self) }
}

extension Store: CaseStoreScoping where State: CasePathable {
  func caseStore<CaseState, CaseAction: Sendable>(
    named name: String, _: CaseState.Type, _: CaseAction.Type
  ) -> Store<CaseState, CaseAction>? {
    scope(
      state: CaseMembers.keyPath(State.self, member: name, CaseState.self),
      pattern: CasePattern(steps: [.name(name)]),
      site: SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column))
  }
}

extension Store where State: CasePathable {
  /// The store of the state's current case, as the case of `Scope` of the same name.
  func caseScope<Scope>(_: Scope.Type) -> Scope {
    CaseScopes.check(Scope.self, state: State.self, action: Action.self)
    let name = withState { EnumLayout.of(State.self)?.destructure($0).name }
    if let name, let info = EnumLayout.of(Scope.self)?.cases.first(where: { $0.name == name }) {
      // A case holding a store gets the case's store; any other (TCA's `@ReducerCaseIgnored`
      // cases: an alert's state, a case with no feature) holds the state's own payload.
      let payload: Any? =
        if let maker = info.payloadType as? any CaseStoreMaking.Type {
          maker.makeCaseStore(from: self, named: name)
        } else {
          withState { EnumLayout.of(State.self)?.destructure($0).payload }
        }
      let holdsPayload = info.payloadType != nil
      if payload != nil || !holdsPayload,
        case .success(let scope) = CasePattern<Scope>(steps: [.name(name)]).embed(
          anyValue: payload)
      {
        return scope
      }
    }
    let problems = CaseScopes.problems(Scope.self, state: State.self, action: Action.self)
    preconditionFailure(
      """
      "store.case" read the state's case .\(name ?? "?"), which \(typeName(Scope.self)) cannot \
      hold: \(problems.joined(separator: " "))
      """)
  }
}

/// The checks of a ``CaseScopeEnum`` against its reducer's state and action.
enum CaseScopes {
  private static let checked = LockedState<Set<ObjectIdentifier>>([])

  /// Warns, once per enum, of each case of `state` the enum `scope` cannot hold.
  static func check(_ scope: Any.Type, state: Any.Type, action: Any.Type) {
    guard checked.withLock({ $0.insert(ObjectIdentifier(scope)).inserted }) else { return }
    let problems = problems(scope, state: state, action: action)
    guard !problems.isEmpty else { return }
    reportRuntimeWarning(
      """
      "store.case" switches over \(typeName(scope)), which does not hold a store for every \
      case of \(typeName(state)):
      \(problems.map { "  - \($0)" }.joined(separator: "\n"))

      Give \(typeName(scope)) a case per case of the state, of the same name, holding a store \
      of that case's state and action: case detail(StoreOf<Detail>).
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }

  /// Each case of `state` that `scope` has no case for, or one holding a store of other types.
  static func problems(_ scope: Any.Type, state: Any.Type, action: Any.Type) -> [String] {
    guard let states = EnumLayout.of(state), let actions = EnumLayout.of(action),
      let scopes = EnumLayout.of(scope)
    else { return ["\(typeName(scope)) is not an enum."] }
    return states.cases.compactMap { stateCase in
      let name = stateCase.name
      guard let scopeCase = scopes.cases.first(where: { $0.name == name }) else {
        return ".\(name) has no case in \(typeName(scope))."
      }
      guard let payload = scopeCase.payloadType,
        let maker = payload as? any CaseStoreMaking.Type
      else {
        // NB: a case holding what the state's case holds (or nothing, as it does) is one TCA's
        // macro leaves out of the reducer (`@ReducerCaseIgnored`).
        let holdsStatesPayload =
          switch (scopeCase.payloadType, stateCase.payloadType) {
          case (nil, nil): true
          case (let held?, let stateHeld?): payloadTypesMatch(held, stateHeld)
          default: false
          }
        return holdsStatesPayload
          ? nil
          : "\(typeName(scope)).\(name) holds neither a Store nor what the state's case holds."
      }
      let (storeState, storeAction) = MainActor.assumeIsolated { maker.caseStoreTypes }
      let actionPayload = actions.cases.first(where: { $0.name == name })?.payloadType
      guard let statePayload = stateCase.payloadType, payloadTypesMatch(statePayload, storeState),
        let actionPayload, payloadTypesMatch(actionPayload, storeAction)
      else {
        return "\(typeName(scope)).\(name) holds a \(typeName(payload)), but the state's case "
          + "holds \(stateCase.payloadType.map(typeName) ?? "nothing") and the action's case "
          + "\(actionPayload.map(typeName) ?? "does not exist")."
      }
      return nil
    }
  }
}
