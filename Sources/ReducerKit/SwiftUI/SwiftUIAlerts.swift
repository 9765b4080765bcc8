#if canImport(SwiftUI)
  import SwiftUI

  // NB: compiled on Apple platforms only; Linux builds never see this file's body.

  extension View {
    /// Shows the alert that `store` presents, and sends the tapped button's action (or
    /// `.dismiss`) back to it.
    ///
    /// ```swift
    /// .alert(store: store.scope(state: \.$alert, action: Feature.Action.alert))
    /// ```
    public func alert<ButtonAction: Sendable>(
      store: Store<Presents<AlertState<ButtonAction>>, PresentationAction<ButtonAction>>
    ) -> some View {
      let alert = store.state.wrappedValue
      return self.alert(
        alert.map { text($0.title) } ?? Text(verbatim: ""),
        isPresented: store.isPresentedBinding(),
        presenting: alert,
        actions: { alert in
          ForEach(alert.buttons.indices, id: \.self) { index in
            alert.buttons[index].button(sendingTo: store)
          }
        },
        message: { alert in
          if let message = alert.message { text(message) }
        }
      )
    }

    /// Shows the confirmation dialog that `store` presents, and sends the tapped button's action
    /// (or `.dismiss`) back to it.
    ///
    /// ```swift
    /// .confirmationDialog(store: store.scope(state: \.$dialog, action: Feature.Action.dialog))
    /// ```
    public func confirmationDialog<ButtonAction: Sendable>(
      store: Store<
        Presents<ConfirmationDialogState<ButtonAction>>, PresentationAction<ButtonAction>
      >
    ) -> some View {
      let dialog = store.state.wrappedValue
      return self.confirmationDialog(
        dialog.map { text($0.title) } ?? Text(verbatim: ""),
        isPresented: store.isPresentedBinding(),
        titleVisibility: dialog.map { Visibility($0.titleVisibility) } ?? .automatic,
        presenting: dialog,
        actions: { dialog in
          ForEach(dialog.buttons.indices, id: \.self) { index in
            dialog.buttons[index].button(sendingTo: store)
          }
        },
        message: { dialog in
          if let message = dialog.message { text(message) }
        }
      )
    }
  }

  extension View {
    /// Shows the alert of the store the binding holds (`nil`: none), as TCA writes it:
    ///
    /// ```swift
    /// .alert($store.scope(state: \.alert, action: \.alert))
    /// .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
    /// ```
    ///
    /// A button sends its action to the store (then the feature's reducer clears the alert); the
    /// platform dismissing the alert sets the binding to `nil`, which sends `.dismiss`.
    public func alert<ButtonAction: Sendable>(
      _ item: Binding<Store<AlertState<ButtonAction>, ButtonAction>?>
    ) -> some View {
      alertOfStore(item)
    }

    /// Shows the alert of the store the binding holds, where nothing names the alert's action
    /// type, as TCA writes a destination's alert:
    ///
    /// ```swift
    /// .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
    /// ```
    ///
    /// The buttons' actions reach the feature as with a typed alert (see
    /// ``ErasedButtonAction``); the case member and the pattern are checked when the binding is
    /// made.
    public func alert(
      _ item: Binding<Store<AlertState<ErasedButtonAction>, ErasedButtonAction>?>
    ) -> some View {
      alertOfStore(item)
    }

    /// Shows the confirmation dialog of the store the binding holds, where nothing names the
    /// dialog's action type: `.confirmationDialog($store.scope(state: \.destination?.dialog,
    /// action: \.destination.dialog))` (see ``ErasedButtonAction``).
    public func confirmationDialog(
      _ item: Binding<Store<ConfirmationDialogState<ErasedButtonAction>, ErasedButtonAction>?>
    ) -> some View {
      dialogOfStore(item)
    }

    private func alertOfStore<ButtonAction: Sendable>(
      _ item: Binding<Store<AlertState<ButtonAction>, ButtonAction>?>
    ) -> some View {
      let store = item.wrappedValue
      let alert = store?.withState { $0 }
      return self.alert(
        alert.map { text($0.title) } ?? Text(verbatim: ""),
        isPresented: Binding(
          get: { item.wrappedValue != nil },
          set: { isPresented in if !isPresented { item.wrappedValue = nil } }),
        presenting: alert,
        actions: { alert in
          ForEach(alert.buttons.indices, id: \.self) { index in
            alert.buttons[index].button(sendingTo: store)
          }
        },
        message: { alert in
          if let message = alert.message { text(message) }
        }
      )
    }

    /// Shows the confirmation dialog of the store the binding holds (`nil`: none), as TCA
    /// writes it: `.confirmationDialog($store.scope(state: \.dialog, action: \.dialog))`.
    public func confirmationDialog<ButtonAction: Sendable>(
      _ item: Binding<Store<ConfirmationDialogState<ButtonAction>, ButtonAction>?>
    ) -> some View {
      dialogOfStore(item)
    }

    private func dialogOfStore<ButtonAction: Sendable>(
      _ item: Binding<Store<ConfirmationDialogState<ButtonAction>, ButtonAction>?>
    ) -> some View {
      let store = item.wrappedValue
      let dialog = store?.withState { $0 }
      return self.confirmationDialog(
        dialog.map { text($0.title) } ?? Text(verbatim: ""),
        isPresented: Binding(
          get: { item.wrappedValue != nil },
          set: { isPresented in if !isPresented { item.wrappedValue = nil } }),
        titleVisibility: dialog.map { Visibility($0.titleVisibility) } ?? .automatic,
        presenting: dialog,
        actions: { dialog in
          ForEach(dialog.buttons.indices, id: \.self) { index in
            dialog.buttons[index].button(sendingTo: store)
          }
        },
        message: { dialog in
          if let message = dialog.message { text(message) }
        }
      )
    }
  }

  extension Store {
    /// Whether something is presented; setting it to false (the platform dismissed the alert)
    /// sends `.dismiss`, unless a button's action already dismissed it.
    fileprivate func isPresentedBinding<Presented, ButtonAction>() -> Binding<Bool>
    where State == Presents<Presented>, Action == PresentationAction<ButtonAction> {
      Binding(
        get: { MainActor.assumeIsolated { self.state.wrappedValue != nil } },
        set: { isPresented in
          MainActor.assumeIsolated {
            if !isPresented, self.state.wrappedValue != nil { self.send(.dismiss) }
          }
        }
      )
    }
  }

  extension ButtonState where Action: Sendable {
    @MainActor
    fileprivate func button<StoreState>(
      sendingTo store: Store<StoreState, PresentationAction<Action>>
    ) -> some View {
      Button(role: role.map { ButtonRole($0) }) {
        store.send(presentationAction, animation: action.animation)
      } label: {
        text(label)
      }
    }

    /// A button sending its action to the alert's own store (a button without one only lets
    /// the platform dismiss the alert).
    @MainActor
    fileprivate func button<StoreState>(sendingTo store: Store<StoreState, Action>?) -> some View {
      Button(role: role.map { ButtonRole($0) }) {
        if let action = action.action { store?.send(action, animation: self.action.animation) }
      } label: {
        text(label)
      }
    }
  }

  extension ButtonRole {
    fileprivate init(_ role: ButtonStateRole) {
      switch role {
      case .cancel: self = .cancel
      case .destructive: self = .destructive
      }
    }
  }

  extension Visibility {
    fileprivate init(_ visibility: ConfirmationDialogStateTitleVisibility) {
      switch visibility {
      case .automatic: self = .automatic
      case .hidden: self = .hidden
      case .visible: self = .visible
      }
    }
  }

  /// Text showing a ``TextState``, with its emphasis. (Not a `Text` initializer: one taking a
  /// string-literal-expressible type would make every `Text("…")` ambiguous.)
  private func text(_ state: TextState) -> Text {
    state.runs.reduce(Text(verbatim: "")) { text, run in
      var piece = Text(verbatim: run.string)
      if run.emphasis.contains(.bold) { piece = piece.bold() }
      if run.emphasis.contains(.italic) { piece = piece.italic() }
      if run.emphasis.contains(.underline) { piece = piece.underline() }
      if run.emphasis.contains(.strikethrough) { piece = piece.strikethrough() }
      if run.emphasis.contains(.monospaced) { piece = piece.monospaced() }
      return text + piece
    }
  }
#endif
