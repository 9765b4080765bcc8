#if canImport(SwiftUI)
  import SwiftUI

  // NB: the SwiftUI types only; what the bindings read and write is platform-neutral
  // (PresentationBinding.swift, StackPath.swift) and tested on every platform.

  extension Binding {
    /// A binding made of a store's accessors.
    ///
    /// NB: SwiftUI reads and writes bindings on the main thread, through closures it does not
    /// isolate; the accessors, isolated to the main actor, are run there, and the value crosses
    /// unchecked, as it never leaves the main thread.
    @MainActor
    init(_ accessors: StoreBindingAccessors<Value>) {
      let accessors = UncheckedSendable(accessors)
      self.init(
        get: { MainActor.assumeIsolated { UncheckedSendable(accessors.value.get()) }.value },
        set: { newValue in
          let newValue = UncheckedSendable(newValue)
          MainActor.assumeIsolated { accessors.value.set(newValue.value) }
        })
    }
  }

  extension Bindable {
    /// A binding to a presented child's store, for `.sheet(item:)`, `.popover(item:)`,
    /// `.fullScreenCover(item:)` and `.navigationDestination(item:)`, as TCA writes it:
    ///
    /// ```swift
    /// .sheet(item: $store.scope(state: \.destination?.editor, action: \.destination.editor)) {
    ///   store in EditorView(store: store)
    /// }
    /// ```
    ///
    /// It reads `nil` while nothing is presented; SwiftUI setting it to `nil` (the user swiped
    /// the sheet away) sends the presentation's `.dismiss`.
    @MainActor
    public func scope<State, Action: Sendable, ChildState, ChildAction: Sendable>(
      state: KeyPath<State, ChildState?>,
      action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Store<ChildState, ChildAction>?> where Value == Store<State, Action> {
      Binding(
        wrappedValue.presentationAccessors(
          state: state, action: action,
          site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// A binding to a navigation stack's store, for
    /// `NavigationStack(path:root:destination:)`:
    /// `NavigationStack(path: $store.scope(state: \.path, action: \.path)) { … }`.
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
      let store: Store<StackState<Element>, StackAction<Element, ElementAction>> =
        wrappedValue.scope(
          state: state, action: action, fileID: fileID, filePath: filePath, line: line,
          column: column)
      return Binding(get: { store }, set: { _ in })
    }

    /// A field of the store's state, for `.sending(_:)`: `$store.query.sending(\.view.queryChanged)`.
    @_disfavoredOverload
    @MainActor
    public subscript<State, Action: Sendable, Member>(
      dynamicMember keyPath: KeyPath<State, Member>
    ) -> StoreBindable<State, Action, Member> where Value == Store<State, Action> {
      StoreBindable(store: wrappedValue, keyPath: keyPath)
    }
  }

  /// A field of a store's state on its way to a binding that sends an action
  /// (`$store.query.sending(\.view.queryChanged)`).
  @MainActor
  public struct StoreBindable<State, Action: Sendable, Member> {
    let store: Store<State, Action>
    let keyPath: KeyPath<State, Member>

    /// A binding reading the field and, when set, sending the action `action` names with the
    /// new value: `TextField("Search", text: $store.query.sending(\.view.queryChanged))`.
    public func sending(
      _ action: KeyPath<CasePattern<Action>, CasePattern<Action>>,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) -> Binding<Member> where Member: Sendable {
      Binding(
        store.sendingAccessors(
          state: keyPath, action: action,
          site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }
  }

  extension View {
    /// Presents the child store the binding holds as a sheet: `.sheet(item: $store.scope(state:
    /// \.destination?.editor, action: \.destination.editor)) { store in EditorView(store: store) }`.
    /// Dismissing the sheet sets the binding to `nil`, which sends `.dismiss`.
    public func sheet<State, Action: Sendable, Content: View>(
      item: Binding<Store<State, Action>?>, onDismiss: (() -> Void)? = nil,
      @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      sheet(item: item.presentedStore(), onDismiss: onDismiss) { content($0.store) }
    }

    // NB: a store of `Identifiable` state is `Identifiable` (rows in a `ForEach`), so SwiftUI's
    // own `sheet(item:)` and `fullScreenCover(item:)`, and `popover(item:)`, also take the
    // binding; these more specialized overloads keep the call unambiguous, and present by the
    // store rather than by the state's id (which stays the same through a case change).

    /// Presents the child store the binding holds as a sheet, for a child of `Identifiable`
    /// state (see `sheet(item:onDismiss:content:)`).
    public func sheet<State: Identifiable, Action: Sendable, Content: View>(
      item: Binding<Store<State, Action>?>, onDismiss: (() -> Void)? = nil,
      @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      sheet(item: item.presentedStore(), onDismiss: onDismiss) { content($0.store) }
    }

    /// Presents the child store the binding holds full screen, for a child of `Identifiable`
    /// state (see `sheet(item:onDismiss:content:)`).
    @available(macOS, unavailable)
    public func fullScreenCover<State: Identifiable, Action: Sendable, Content: View>(
      item: Binding<Store<State, Action>?>, onDismiss: (() -> Void)? = nil,
      @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      fullScreenCover(item: item.presentedStore(), onDismiss: onDismiss) { content($0.store) }
    }

    /// Presents the child store the binding holds as a popover, for a child of `Identifiable`
    /// state (see `sheet(item:onDismiss:content:)`).
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public func popover<State: Identifiable, Action: Sendable, Content: View>(
      item: Binding<Store<State, Action>?>,
      attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
      arrowEdge: Edge? = nil, @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      popover(item: item.presentedStore(), attachmentAnchor: attachmentAnchor, arrowEdge: arrowEdge)
      {
        content($0.store)
      }
    }

    /// Presents the child store the binding holds as a popover (see `sheet(item:onDismiss:content:)`).
    /// On iOS, macOS and visionOS, as SwiftUI's popover.
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    public func popover<State, Action: Sendable, Content: View>(
      item: Binding<Store<State, Action>?>,
      attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
      arrowEdge: Edge? = nil, @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      popover(item: item.presentedStore(), attachmentAnchor: attachmentAnchor, arrowEdge: arrowEdge)
      {
        content($0.store)
      }
    }

    /// Presents the child store the binding holds full screen (see `sheet(item:onDismiss:content:)`).
    @available(macOS, unavailable)
    public func fullScreenCover<State, Action: Sendable, Content: View>(
      item: Binding<Store<State, Action>?>, onDismiss: (() -> Void)? = nil,
      @ViewBuilder content: @escaping (Store<State, Action>) -> Content
    ) -> some View {
      fullScreenCover(item: item.presentedStore(), onDismiss: onDismiss) { content($0.store) }
    }

    /// Pushes a screen for the child store the binding holds; going back sends `.dismiss`.
    public func navigationDestination<State, Action: Sendable, Destination: View>(
      item: Binding<Store<State, Action>?>,
      @ViewBuilder destination: @escaping (Store<State, Action>) -> Destination
    ) -> some View {
      navigationDestination(item: item.presentedStore()) { destination($0.store) }
    }
  }

  /// A presented store as SwiftUI's item presentations take it: identified, and hashable, by
  /// the store (whose own `id` is its state's, when it has one).
  public struct PresentedStore<State, Action: Sendable>: Identifiable, Hashable {
    let store: Store<State, Action>
    public var id: ObjectIdentifier { ObjectIdentifier(store) }
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.store === rhs.store }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  extension Binding {
    /// The store of this binding as an item.
    fileprivate func presentedStore<State, Action: Sendable>() -> Binding<
      PresentedStore<State, Action>?
    >
    where Value == Store<State, Action>? {
      Binding<PresentedStore<State, Action>?>(
        get: { wrappedValue.map(PresentedStore.init(store:)) },
        set: { wrappedValue = $0?.store })
    }
  }

  extension NavigationStack {
    /// A navigation stack over a store's stack, as TCA writes it: `root` at the bottom, and
    /// above it a screen for each element, made by `destination` from the element's store.
    ///
    /// ```swift
    /// NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
    ///   MeetingsListView(store: store.scope(state: \.list, action: \.list))
    /// } destination: { store in
    ///   PathView(store: store)
    /// }
    /// ```
    ///
    /// Going back sends `.popFrom(id:)`; a `NavigationLink(state:)` sends `.push(id:state:)`.
    ///
    /// Main-actor isolated, as views are built: the newest SDKs declare `NavigationStack`
    /// `nonisolated`, and its destinations are a main-actor modifier.
    @MainActor
    public init<State: Sendable, Action: Sendable, Destination: View, R: View>(
      path: Binding<Store<StackState<State>, StackAction<State, Action>>>,
      @ViewBuilder root: () -> R,
      @ViewBuilder destination: @escaping (Store<State, Action>) -> Destination,
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    )
    where
      Data == StackPath<State>,
      Root == ModifiedContent<R, StackDestinations<State, Action, Destination>>
    {
      let store = path.wrappedValue
      let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
      self.init(
        path: Binding(
          get: { MainActor.assumeIsolated { store.stackPath() } },
          set: { path in MainActor.assumeIsolated { store.setStackPath(path, site: site) } })
      ) {
        root().modifier(StackDestinations(store: store, destination: destination))
      }
    }
  }

  /// The screens of a store's navigation stack, one per element, made from the element's store.
  public struct StackDestinations<State: Sendable, Action: Sendable, Destination: View>:
    ViewModifier
  {
    let store: Store<StackState<State>, StackAction<State, Action>>
    let destination: (Store<State, Action>) -> Destination

    public func body(content: Content) -> some View {
      content.navigationDestination(for: StackPath<State>.Route.self) { route in
        if let id = route.id, let element = store.stackElement(id: id) {
          destination(element)
        }
      }
    }
  }

  extension NavigationLink where Destination == Never {
    /// A link that pushes `state` onto the navigation stack of the
    /// `NavigationStack(path:root:destination:)` it is in: the store is sent
    /// `.push(id:state:)`.
    ///
    /// ```swift
    /// NavigationLink(state: Path.State.detail(Detail.State(meeting: meeting))) {
    ///   Text(meeting.title)
    /// }
    /// ```
    public init<State>(state: State?, @ViewBuilder label: () -> Label) {
      self.init(value: state.map(StackPath<State>.Route.init(pushing:)), label: label)
    }
  }
#endif
