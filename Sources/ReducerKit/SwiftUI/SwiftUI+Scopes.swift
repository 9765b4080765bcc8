#if canImport(SwiftUI)
  import SwiftUI

  // TCA 1.25's other spellings of a presentation or stack binding: the state key path without
  // its label, through `\.$destination`, and on a `Binding` to a store as on a `@Bindable` one.
  // Each forwards to what `$store.scope(state:action:)` makes (SwiftUI+Store.swift).

  extension Bindable {
    /// A binding to a presented child's store: `$store.scope(\.destination, action:
    /// \.destination)`, the same as `scope(state:action:)`.
    @MainActor
    public func scope<State, Action: Sendable, ChildState, ChildAction: Sendable>(
      _ state: KeyPath<State, ChildState?>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      scope(
        state: state, action: action, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }

    /// A binding to a presented child's store through its `@Presents` field, as TCA writes it
    /// before a case member: `$store.scope(\.$destination, action: \.destination).edit`.
    @MainActor
    public func scope<State, Action: Sendable, ChildState, ChildAction: Sendable>(
      _ state: KeyPath<State, Presents<ChildState>>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      scope(
        state: state.appending(path: \.wrappedValue), action: action, fileID: fileID,
        filePath: filePath, line: line, column: column)
    }

    /// A binding to a navigation stack's store: `NavigationStack(path: $store.scope(\.path,
    /// action: \.path))`, the same as `scope(state:action:)`.
    @MainActor
    public func scope<State, Action: Sendable, Element: Sendable, ElementAction: Sendable>(
      _ state: KeyPath<State, StackState<Element>>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<StackState<Element>, StackAction<Element, ElementAction>>>
    where Value == Store<State, Action> {
      scope(
        state: state, action: action, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }

    /// A binding to a navigation stack's store whose elements name their reducer
    /// (``ReducerState``, a `Path` ``CaseReducer``'s state): the destination closure's store is
    /// typed without an annotation, as TCA's is.
    @MainActor
    public func scope<State, Action: Sendable, Element: ReducerState & Sendable>(
      state: KeyPath<State, StackState<Element>>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<StackState<Element>, StackAction<Element, Element.StateReducer.Action>>>
    where Value == Store<State, Action>, Element.StateReducer.Action: Sendable {
      let store: Store<StackState<Element>, StackAction<Element, Element.StateReducer.Action>> =
        wrappedValue.scope(
          state: state, action: action, fileID: fileID, filePath: filePath, line: line,
          column: column)
      return Binding(get: { store }, set: { _ in })
    }

    /// The unlabelled form of the stack binding typed by its elements' reducer.
    @MainActor
    public func scope<State, Action: Sendable, Element: ReducerState & Sendable>(
      _ state: KeyPath<State, StackState<Element>>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<StackState<Element>, StackAction<Element, Element.StateReducer.Action>>>
    where Value == Store<State, Action>, Element.StateReducer.Action: Sendable {
      scope(
        state: state, action: action, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }
  }

  extension Bindable {
    /// A binding to a presented child's store whose state names its reducer (``ReducerState``,
    /// a destination ``CaseReducer``'s state), typed without an annotation, so that a case
    /// member can follow: `$store.scope(\.$destination, action: \.destination).edit`.
    @MainActor
    public func scope<State, Action: Sendable, ChildState: ReducerState>(
      _ state: KeyPath<State, Presents<ChildState>>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildState.StateReducer.Action>?>
    where Value == Store<State, Action>, ChildState.StateReducer.Action: Sendable {
      typedPresentation(
        state: state.appending(path: \.wrappedValue), action: action,
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    @MainActor
    private func typedPresentation<State, Action: Sendable, ChildState, ChildAction: Sendable>(
      state: KeyPath<State, ChildState?>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      site: SourceSite
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      Binding<Store<ChildState, ChildAction>?>(
        wrappedValue.presentationAccessors(state: state, action: action, site: site))
    }
  }

  extension Binding {
    /// A binding to a presented child's store, from a binding to a store (a store handed to a
    /// view as a `Binding`): the same as `$store.scope(state:action:)` on a `@Bindable` store.
    @MainActor
    public func scope<State, Action: Sendable, ChildState, ChildAction: Sendable>(
      state: KeyPath<State, ChildState?>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      Bindable(wrappedValue: wrappedValue).scope(
        state: state, action: action, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }

    /// The unlabelled form of ``scope(state:action:fileID:filePath:line:column:)``.
    @MainActor
    public func scope<State, Action: Sendable, ChildState, ChildAction: Sendable>(
      _ state: KeyPath<State, ChildState?>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      scope(
        state: state, action: action, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }

    /// A binding to a navigation stack's store, from a binding to a store.
    @MainActor
    public func scope<State, Action: Sendable, Element: Sendable, ElementAction: Sendable>(
      state: KeyPath<State, StackState<Element>>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<StackState<Element>, StackAction<Element, ElementAction>>>
    where Value == Store<State, Action> {
      Bindable(wrappedValue: wrappedValue).scope(
        state: state, action: action, fileID: fileID, filePath: filePath, line: line,
        column: column)
    }

  }

  extension Binding where Value: OptionalStoreProtocol, Value.Wrapped.State: CasePathable {
    /// One case of a presented enum's store, as TCA writes it after a binding to the
    /// presentation: `.sheet(item: $store.scope(\.$destination, action: \.destination).edit)`.
    ///
    /// The case's store types come from where the binding goes (the presentation's content);
    /// the member is checked against the presented state's and action's cases when the binding
    /// is made, with nothing presented (see ``CaseMember``).
    @MainActor
    public subscript<ChildState, ChildAction: Sendable>(
      dynamicMember member: String
    ) -> Binding<Store<ChildState, ChildAction>?> {
      Binding<Store<ChildState, ChildAction>?>(
        Store<Value.Wrapped.State, Value.Wrapped.Action>.presentedCaseAccessors(
          StoreBindingAccessors(
            get: {
              wrappedValue.optionalStore as? Store<Value.Wrapped.State, Value.Wrapped.Action>
            },
            set: { wrappedValue = Value(optionalStore: $0) }),
          member: member,
          site: SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)))
    }
  }

  extension NavigationLink where Destination == Never, Label == Text {
    /// A link titled `titleKey` that pushes `state` onto the navigation stack it is in, as TCA
    /// writes it: `NavigationLink("Details", state: Path.State.detail(Detail.State()))`.
    public init<State>(_ titleKey: LocalizedStringKey, state: State?) {
      self.init(titleKey, value: state.map(StackPath<State>.Route.init(pushing:)))
    }

    /// A link titled with a string that pushes `state` onto the navigation stack it is in:
    /// `NavigationLink(meeting.title, state: Path.State.detail(…))`.
    @_disfavoredOverload
    public init<Title: StringProtocol, State>(_ title: Title, state: State?) {
      self.init(title, value: state.map(StackPath<State>.Route.init(pushing:)))
    }
  }

  extension Binding {
    /// A binding to a shared value: reading it reads the value, writing it writes the value
    /// under its lock, as TCA's `Binding($shared)` does.
    ///
    /// ```swift
    /// Toggle("Sounds", isOn: Binding(store.$settings.soundsOn))
    /// ```
    public init(_ shared: Shared<Value>) where Value: Sendable {
      self.init(
        get: { shared.wrappedValue },
        set: { newValue in shared.withLock { $0 = newValue } })
    }
  }
#endif
