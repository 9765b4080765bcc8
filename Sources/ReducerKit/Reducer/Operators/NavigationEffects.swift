extension Effect {
  /// A child's effects moved into a navigation element of its parent: actions embedded, cancel
  /// IDs and cancellation scoped to the element and, for a presented or stacked child (one with
  /// a `dismissAction`), `dismiss` (which sends `dismissAction`) and `isPresented` installed for
  /// its effects.
  @usableFromInline
  func inElement<ParentAction: Sendable>(
    _ element: NavigationElement,
    embed: @escaping @Sendable (Action) -> ParentAction,
    dismissAction: ParentAction?
  ) -> Effect<ParentAction> {
    guard !isNone else { return .none }
    guard let dismissAction else { return rewrite(embed, scope: element) }
    let installNavigation: (RunEffect<ParentAction>) -> RunEffect<ParentAction> = { run in
      run.installing { dependencies, send in
        dependencies.runtime.navigation = NavigationContext(
          isPresented: true,
          dismiss: { animation in
            if let animation {
              await send(dismissAction, animation: animation)
            } else {
              await send(dismissAction)
            }
          })
      }
    }
    return rewrite(embed, scope: element, wrapRun: installNavigation)
  }
}
