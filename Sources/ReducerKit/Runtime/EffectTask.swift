import Synchronization

// An effect's task: what the interpreter (`EffectInterpreter.swift`) hands to `Task`, and what
// the task carries until it ends: its body and end (`EffectBody`, `EffectEnd`), its lifetime,
// which its `Send` checks and its warnings name (its `EffectEntry`), and the context its
// operation's dependencies carry (`EffectContext`). The operation itself, as written, is in
// `RunEffect.swift`. See `README.md` beside this file for the whole path.

/// Warns of an error an effect threw that nothing handled.
func reportUnhandledEffectError(_ error: any Error, origin: Any, site: SourceSite) {
  reportRuntimeWarning(
    """
    An effect threw an error that nothing handled.

      Action that started the effect:
    \(customDump(origin, indent: 4))
      Error:
    \(customDump(error, indent: 4))

    All non-cancellation errors must be handled: catch them inside the ".run" operation and \
    send an action, or pass a "catch:" handler to ".run" that does.
    """,
    at: site
  )
}

/// What ends an effect's task, and what its warnings name (through its entry).
@usableFromInline
struct EffectEnd: Sendable {
  let entry: EffectEntry
  let registry: EffectRegistry

  /// NB: the entry's token is read when the effect ends: set under the registry's lock as the
  /// entry was recorded, before the task that ends it was created.
  @usableFromInline
  init(entry: EffectEntry, registry: EffectRegistry) {
    self.entry = entry
    self.registry = registry
  }
}

/// Creates the task of an effect: it runs `body` on `executor` (a test store's), else on the
/// global executor through `EffectTaskExecutor`, which holds its first job until the `send`
/// that started it returns.
///
/// NB: the task's operation is written here, where it is handed to `Task.init`: a closure made
/// elsewhere and passed on would be wrapped for the initializer's generic result type, a heap
/// allocation per effect.
///
/// NB: nothing runs after the operation returns: the effect ends when its task releases the
/// body (see `EffectBody.deinit`). Code here would need the generic executor, so an effect whose
/// last step ran on the main actor (sending an action) would hop off it once more only to end:
/// a job on the global executor, and a worker woken, per effect.
@inlinable
func effectTask<Action>(
  _ body: EffectBody<Action>, name: String?, priority: TaskPriority?,
  executor: (any TaskExecutor)?
) -> Task<Void, Never> {
  Task(
    name: name, executorPreference: executor ?? EffectTaskExecutor.shared, priority: priority
  ) { await body.run() }
}

/// What an effect's task runs, in one object its body captures. The effect ends when the task
/// releases it, as the task completes, on whatever thread ran its last step.
@usableFromInline
final class EffectBody<Action>: Sendable {
  @usableFromInline
  let operation: @Sendable (Send<Action>) async throws -> Void
  @usableFromInline
  let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  @usableFromInline
  let send: Send<Action>
  @usableFromInline
  let end: EffectEnd

  @usableFromInline
  init(
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    handler: (@Sendable (any Error, Send<Action>) async -> Void)?, send: Send<Action>,
    end: EffectEnd
  ) {
    self.operation = operation
    self.handler = handler
    self.send = send
    self.end = end
  }

  /// NB: a body is made only once its effect is recorded, and always gets a task (see
  /// `RootCore.start`), so its end is always owed.
  deinit {
    end.entry.finish()
    end.registry.finish(end.entry.token)
  }

  /// Runs the operation, and handles what it throws.
  ///
  /// NB: an effect's frames must fit in its task's first allocation slab (about 1 KB), or the
  /// task allocates a second one: every effect in flight would cost 1 KB more. So this is
  /// inlined into the task's operation, which captures one object (each capture is spilled into
  /// its frame), and calls the operation as written (see `RunWork`).
  @inlinable @inline(__always)
  func run() async {
    do {
      try await operation(send)
    } catch {
      await handle(error)
    }
  }

  /// Handles an error the operation threw.
  @usableFromInline
  func handle(_ error: any Error) async {
    if error is CancellationError || Task.isCancelled {
      // Cancellation is how effects end; not worth a warning.
    } else if let handler {
      await handler(error, send)
    } else if let origin = end.entry.origin, let site = end.entry.site {
      // NB: both always set in an effect's entry (only scopes and the store's own tasks lack
      // them, and they have no body).
      reportUnhandledEffectError(error, origin: origin, site: site.sourceSite)
    }
  }
}

/// The effect a task belongs to: the registry that can cancel it, and its navigation element.
@usableFromInline
package struct EffectContext: Sendable {
  package let registry: EffectRegistry
  package let path: NavigationPath

  @usableFromInline
  package init(registry: EffectRegistry, path: NavigationPath) {
    self.registry = registry
    self.path = path
  }
}
