/// What a SwiftUI binding made from a store reads and writes, without SwiftUI: the view layer
/// (`$store.scope(state:action:)`, `$store.field.sending(_:)`) wraps these in `Binding`s, and the
/// tests here drive them directly.
@MainActor
package struct StoreBindingAccessors<Value> {
  /// What the binding reads.
  package let get: @MainActor () -> Value
  /// What writing the binding does.
  package let set: @MainActor (Value) -> Void
}

extension Store {
  /// The binding of a presented child store (`.sheet(item: $store.scope(…))`): it reads the
  /// child store, `nil` while nothing is presented; writing `nil` (SwiftUI dismissing the sheet)
  /// sends the dismissal of the presentation the pattern goes through (`\.destination.editor`
  /// sends `.destination(.dismiss)`), as TCA does, unless the child is gone already.
  package func presentationAccessors<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    site: SourceSite
  ) -> StoreBindingAccessors<Store<ChildState, ChildAction>?> {
    let pattern = CasePattern(toChildAction)
    // NB: checked as the binding is made, while nothing is presented yet: a mistake shows the
    // first time the view is built, not when the sheet fails to open.
    checkPatternOnce(pattern, ChildAction.self, api: "store.scope", site: site)
    return StoreBindingAccessors(
      get: { self.scope(state: toChildState, pattern: pattern, site: site) },
      set: { newValue in
        guard newValue == nil, self.withState({ $0[keyPath: toChildState] }) != nil else {
          return
        }
        guard let dismissal = pattern.dismissal() else {
          return reportRuntimeWarning(
            """
            A presentation binding made with the case pattern \(pattern) was set to nil (the \
            view dismissed it), but the pattern goes through no PresentationAction to send \
            ".dismiss" with; nothing was sent.

            Present the child with "@Presents" and a "PresentationAction" case, and scope \
            through it: \\.destination.editor.
            """,
            at: site)
        }
        self.send(dismissal)
      })
  }

  /// The binding of a field of the state that an action sets (`$store.query.sending(\.view
  /// .queryChanged)`): it reads the field; writing sends the action the pattern names, with the
  /// new value as its payload.
  package func sendingAccessors<Member: Sendable>(
    state toMember: KeyPath<State, Member>,
    action toAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    site: SourceSite
  ) -> StoreBindingAccessors<Member> {
    let pattern = CasePattern(toAction)
    let embedding = patternEmbedding(pattern, Member.self, api: "sending", site: site)
    return StoreBindingAccessors(
      get: { self.withState { $0[keyPath: toMember] } },
      set: { newValue in
        guard let action = embedding?.embed(newValue) else {
          return reportDroppedPatternAction(newValue, pattern: "\(pattern)", site: site)
        }
        self.send(action)
      })
  }
}

extension Store where State: CasePathable {
  /// The binding of one case of a presented enum's store (`$store.scope(\.$destination,
  /// action: \.destination).edit`): it reads the store of the case named `member` while the
  /// presented state holds it, `nil` otherwise; writing `nil` dismisses the presentation, unless
  /// it moved on to another case.
  ///
  /// The member is checked against both enums when the binding is made, with nothing presented:
  /// `State` must have a case `member` holding a `ChildState`, and `Action` one holding a
  /// `ChildAction` (runtime warnings saying which is missing, once).
  package static func presentedCaseAccessors<ChildState, ChildAction: Sendable>(
    _ presented: StoreBindingAccessors<Store?>,
    member: String,
    site: SourceSite
  ) -> StoreBindingAccessors<Store<ChildState, ChildAction>?> {
    CaseMembers.check(State.self, named: member, as: ChildState.self)
    let pattern = CasePattern<Action>(steps: [.name(member)])
    checkPatternOnce(pattern, ChildAction.self, api: "store.scope", site: site)
    let statePath: KeyPath<State, ChildState?> =
      CaseMembers.keyPath(State.self, member: member, ChildState.self)
    return StoreBindingAccessors(
      get: {
        guard let store = presented.get() else { return nil }
        return store.scope(state: statePath, pattern: pattern, site: site)
      },
      set: { newValue in
        guard newValue == nil, let store = presented.get(),
          store.withState({ $0[keyPath: statePath] }) != nil
        else { return }
        presented.set(nil)
      })
  }
}
