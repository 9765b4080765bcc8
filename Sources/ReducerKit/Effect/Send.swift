/// Sends actions back into the store from an effect.
///
/// ```swift
/// return .run { send in
///   for await event in events() {
///     await send(.internal(.received(event)))
///   }
/// }
/// ```
///
/// An action sent after the effect was cancelled is dropped silently; one sent after the effect
/// finished (because `send` escaped it) is dropped with a runtime warning.
public struct Send<Action>: Sendable {
  /// Delivers an action, with the lifetime of the effect that sent it (which names the action
  /// tree the effect belongs to).
  let deliver: @MainActor @Sendable (Action, EffectEntry?) -> Void
  let lifetime: EffectEntry?
  /// The categories of `Action` (when it follows the view/internal/delegate convention) and the
  /// store's switch for checking them.
  let categories: ActionCategories?
  let checks: ActionCategoryChecks?

  /// A `Send` that calls `send`: for tests of code that takes a `Send`.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    deliver = { action, _ in send(action) }
    lifetime = nil
    categories = nil
    checks = nil
  }

  init(
    lifetime: EffectEntry?,
    checks: ActionCategoryChecks?,
    deliver: @escaping @MainActor @Sendable (Action, EffectEntry?) -> Void
  ) {
    self.init(
      lifetime: lifetime, checks: checks,
      categories: checks == nil ? nil : ActionCategories.of(Action.self), deliver: deliver)
  }

  /// A `Send` whose action categories the caller looked up already.
  @usableFromInline
  init(
    lifetime: EffectEntry?,
    checks: ActionCategoryChecks?,
    categories: ActionCategories?,
    deliver: @escaping @MainActor @Sendable (Action, EffectEntry?) -> Void
  ) {
    self.deliver = deliver
    self.lifetime = lifetime
    self.checks = checks
    self.categories = categories
  }

  /// Sends `action` to the store, which reduces it before this call returns.
  @MainActor
  public func callAsFunction(
    _ action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard !Task.isCancelled else { return }
    if let lifetime, lifetime.isFinished {
      reportRuntimeWarning(
        """
        An effect sent an action after it had finished; the action was dropped.

          Action:
        \(customDump(action, indent: 4))

        The effect started at \(lifetime.siteDescription) had already returned. This \
        happens when "send" escapes its effect, for example into an \
        unstructured Task or a stored callback.

        Keep the work that sends inside the effect's operation and await it there (with a \
        task group or "withTaskCancellation"), instead of detaching it.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    if let categories, let checks, checks.isEnabled, categories.isView(action) {
      reportViewActionFromEffect(
        action,
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    deliver(action, lifetime)
  }

  /// A `Send` for child actions that embeds them into this one's actions.
  package func map<ChildAction>(
    _ embed: @escaping @Sendable (ChildAction) -> Action
  ) -> Send<ChildAction> {
    let deliver = self.deliver
    return Send<ChildAction>(lifetime: lifetime, checks: checks) { deliver(embed($0), $1) }
  }
}
