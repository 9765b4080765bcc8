extension Effect {
  /// A child's effects moved into a navigation element of its parent: actions embedded, cancel
  /// IDs and cancellation scoped to the element and, for a presented or stacked child,
  /// `dismiss` (which sends `dismissAction`) and `isPresented` installed for its effects.
  func inElement<ParentAction: Sendable>(
    _ element: NavigationElement,
    embed: @escaping @Sendable (Action) -> ParentAction,
    dismissAction: ParentAction?,
    isPresented: Bool
  ) -> Effect<ParentAction> {
    guard !isNone else { return .none }
    let scope = AnyHashableSendable(element)
    guard isPresented else { return rewrite(embed, scope: scope) }
    let installNavigation: (RunEffect<ParentAction>) -> RunEffect<ParentAction> = { run in
      run.wrapping { (send: Send<ParentAction>, body: @Sendable () async throws -> Void) in
        var values = DependencyValues.current
        values.navigation = NavigationContext(
          isPresented: true, dismiss: dismissHandler(send: send, action: dismissAction)
        )
        try await DependencyValues.$taskLocal.withValue(values) { try await body() }
      }
    }
    return rewrite(embed, scope: scope, wrapRun: installNavigation)
  }

  /// Cancels every effect running inside `element` (which its parent removed).
  static func cancelElement(_ element: NavigationElement) -> Self {
    Self(
      .cancelElement(NavigationPath(prefix: AnyHashableSendable(element), rest: NavigationPath())))
  }
}

/// Sends `action` (the parent's dismissal of a child) through `send`.
private func dismissHandler<Action: Sendable>(
  send: Send<Action>, action: Action?
) -> (@Sendable () async -> Void)? {
  guard let action else { return nil }
  return { await send(action) }
}

/// Reports, as a runtime warning, an action that reached a navigation operator whose child is
/// gone (`absent` says how).
@usableFromInline
func reportMissingChild(
  _ operatorName: String, absent: @autoclosure () -> String, action: Any, at site: SourceSite
) {
  reportRuntimeWarning(
    """
    "\(operatorName)" received a child action while \(absent()); the action was dropped.

      Action:
    \(customDump(action, indent: 4))

    \(missingChildCauses)
    """,
    at: site
  )
}

/// Why a child action can arrive after its child is gone, and what to do about it.
let missingChildCauses = """
  An effect of the child kept running after the child went away. Effects the child returned \
  are cancelled when it goes away; an effect started elsewhere (by the parent, for the child) \
  must be made cancellable and cancelled when the child is removed.

  A view sent the action for a child that had already gone away. Check that the child still \
  exists before sending.
  """
