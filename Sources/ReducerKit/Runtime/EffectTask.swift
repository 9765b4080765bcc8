import Synchronization

// An effect's task: what the interpreter (`EffectInterpreter.swift`) hands to `Task`, and
// everything the task carries until it ends: the operation as written and how a child's `Send`
// reaches it (`RunEffect`, `RunWork`, `ChildWork`), its body and end (`EffectBody`,
// `EffectEnd`), and its lifetime, which its `Send` checks and its warnings name
// (`EffectLifetime`). See `README.md` beside this file for the whole path.

/// A `.run` effect held by reference in an ``Effect``: starting it reads its fields where they
/// are (see `Effect.Operation`).
@usableFromInline
final class RunEffectReference<Action>: Sendable {
  @usableFromInline let run: RunEffect<Action>

  @inlinable
  init(_ run: RunEffect<Action>) {
    self.run = run
  }
}

/// One `.run` effect, as the store starts it.
@usableFromInline
package struct RunEffect<Action>: Sendable {
  @usableFromInline
  var priority: TaskPriority?
  @usableFromInline
  var name: String?
  @usableFromInline
  var work: RunWork<Action>
  /// The dependencies in force where the effect was created.
  @usableFromInline
  package var dependencies: DependencyValues
  /// The navigation element the effect belongs to.
  @usableFromInline
  package var path: NavigationPath
  /// Where the effect was created (inline: most effects never report it).
  @usableFromInline
  let site: CallSite

  @usableFromInline
  init(
    priority: TaskPriority?, name: String?, work: RunWork<Action>,
    dependencies: DependencyValues, path: NavigationPath, site: CallSite
  ) {
    self.priority = priority
    self.name = name
    self.work = work
    self.dependencies = dependencies
    self.path = path
    self.site = site
  }

  func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> RunEffect<NewAction> {
    let mapped: any ChildRunWork<NewAction> =
      switch work {
      case .own(let operation, let handler):
        ChildWork(operation: operation, handler: handler) { send, _ in send.map(transform) }
      case .child(let work):
        work.mapped(transform)
      }
    return RunEffect<NewAction>(
      priority: priority, name: name, work: .child(mapped), dependencies: dependencies,
      path: path, site: site)
  }

  /// The effect with `install` changing the dependencies its task starts with, given the `Send`
  /// of this level: for operators that install context around child effects (`dismiss`).
  package func installing(
    _ install: @escaping @Sendable (inout DependencyValues, Send<Action>) -> Void
  ) -> RunEffect<Action> {
    var installed = self
    installed.work =
      switch work {
      case .own(let operation, let handler):
        .child(
          ChildWork(operation: operation, handler: handler) { send, dependencies in
            install(&dependencies, send)
            return send
          })
      case .child(let work):
        .child(work.installing(install))
      }
    return installed
  }

  /// The effect with `prelude` awaited before its operation, in the same task: a debounce's
  /// wait, so that a debounced `.run` stays one effect, reported where it was written.
  @usableFromInline
  package func afterAwaiting(
    _ prelude: @escaping @Sendable () async throws -> Void
  ) -> RunEffect<Action> {
    var delayed = self
    delayed.work =
      switch work {
      case .own(let operation, let handler):
        .own(
          { send in
            try await prelude()
            try await operation(send)
          }, handler)
      case .child(let work):
        .child(work.afterAwaiting(prelude))
      }
    return delayed
  }

  /// The effect with `transform` changing the `Send` of this level its operation is given: for
  /// operators that wrap the delivery of the actions it sends (``Effect/animation(_:)``).
  package func sendingThrough(
    _ transform: @escaping @Sendable (Send<Action>) -> Send<Action>
  ) -> RunEffect<Action> {
    var wrapped = self
    wrapped.work =
      switch work {
      case .own(let operation, let handler):
        .child(ChildWork(operation: operation, handler: handler) { send, _ in transform(send) })
      case .child(let work):
        .child(work.sendingThrough(transform))
      }
    return wrapped
  }
}

extension RunEffect {
  @inlinable
  init(
    priority: TaskPriority?, name: String?,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    handler: (@Sendable (any Error, Send<Action>) async -> Void)?,
    dependencies: DependencyValues, path: NavigationPath, site: CallSite
  ) {
    self.init(
      priority: priority, name: name, work: .own(operation, handler), dependencies: dependencies,
      path: path, site: site)
  }
}

/// One turn of the executor: what an effect started by an effect's action awaits first in a test
/// store (see `RootCore.start(_:origin:keys:group:)`).
@usableFromInline
let yieldOnce: @Sendable () async throws -> Void = { await Task.yield() }

/// The operation of a `.run` effect, as written or moved up into a parent feature.
///
/// NB: a child's effect keeps its operation as written, with a function that turns the `Send`
/// of the level it reached into the operation's own, instead of wrapping the operation in a
/// closure per level: each wrapper is one more async frame in every task of that effect, and
/// an effect whose frames overflow its task's first allocation slab costs 1 KB more while it
/// runs.
@usableFromInline
enum RunWork<Action>: Sendable {
  /// The operation of the feature that returned the effect, and its error handler.
  case own(
    @Sendable (Send<Action>) async throws -> Void,
    (@Sendable (any Error, Send<Action>) async -> Void)?)
  /// A child feature's operation, moved up to this level.
  case child(any ChildRunWork<Action>)
}

/// A child feature's operation, reached from a parent's actions.
@usableFromInline
protocol ChildRunWork<Action>: Sendable {
  associatedtype Action

  func mapped<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> any ChildRunWork<NewAction>

  func installing(
    _ install: @escaping @Sendable (inout DependencyValues, Send<Action>) -> Void
  ) -> any ChildRunWork<Action>

  func sendingThrough(
    _ transform: @escaping @Sendable (Send<Action>) -> Send<Action>
  ) -> any ChildRunWork<Action>

  func afterAwaiting(
    _ prelude: @escaping @Sendable () async throws -> Void
  ) -> any ChildRunWork<Action>

  /// Creates the effect's task (see `effectTask`), given the `Send` of this level;
  /// `dependencies` (those the task starts with) get what the levels in between install, and
  /// `bind` makes the binding the task inherits.
  func task(
    send: Send<Action>, dependencies: inout DependencyValues, end: EffectEnd, name: String?,
    priority: TaskPriority?, executor: (any TaskExecutor)?,
    bind: (DependencyValues) -> TaskDependencies
  ) -> Task<Void, Never>
}

/// The operation of a feature (`Child`), and how a `Send` of the level it reached becomes its.
struct ChildWork<Child, Action>: ChildRunWork {
  let operation: @Sendable (Send<Child>) async throws -> Void
  let handler: (@Sendable (any Error, Send<Child>) async -> Void)?
  let reach: @Sendable (Send<Action>, inout DependencyValues) -> Send<Child>

  func mapped<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> any ChildRunWork<NewAction> {
    let reach = self.reach
    return ChildWork<Child, NewAction>(operation: operation, handler: handler) {
      send, dependencies in reach(send.map(transform), &dependencies)
    }
  }

  func installing(
    _ install: @escaping @Sendable (inout DependencyValues, Send<Action>) -> Void
  ) -> any ChildRunWork<Action> {
    let reach = self.reach
    return ChildWork(operation: operation, handler: handler) { send, dependencies in
      install(&dependencies, send)
      return reach(send, &dependencies)
    }
  }

  func sendingThrough(
    _ transform: @escaping @Sendable (Send<Action>) -> Send<Action>
  ) -> any ChildRunWork<Action> {
    let reach = self.reach
    return ChildWork(operation: operation, handler: handler) { send, dependencies in
      reach(transform(send), &dependencies)
    }
  }

  func afterAwaiting(
    _ prelude: @escaping @Sendable () async throws -> Void
  ) -> any ChildRunWork<Action> {
    let operation = self.operation
    return ChildWork(
      operation: { send in
        try await prelude()
        try await operation(send)
      }, handler: handler, reach: reach)
  }

  func task(
    send: Send<Action>, dependencies: inout DependencyValues, end: EffectEnd, name: String?,
    priority: TaskPriority?, executor: (any TaskExecutor)?,
    bind: (DependencyValues) -> TaskDependencies
  ) -> Task<Void, Never> {
    let body = EffectBody(
      operation: operation, handler: handler, send: reach(send, &dependencies), end: end)
    return DependencyValues.withTaskBinding(bind(dependencies)) {
      effectTask(body, name: name, priority: priority, executor: executor)
    }
  }
}

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

/// What ends an effect's task, and what its warnings name (through its lifetime).
@usableFromInline
struct EffectEnd: Sendable {
  let lifetime: EffectLifetime
  let registry: EffectRegistry
  let token: EffectToken

  @usableFromInline
  init(lifetime: EffectLifetime, registry: EffectRegistry, token: EffectToken) {
    self.lifetime = lifetime
    self.registry = registry
    self.token = token
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
    end.lifetime.finish()
    end.registry.finish(end.token)
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
    } else {
      reportUnhandledEffectError(
        error, origin: end.lifetime.originAction, site: end.lifetime.site.sourceSite)
    }
  }
}

/// Whether the effect that owns a `Send` has returned, the action tree it belongs to, and what
/// started it (which its entry in the store's effect table names through it).
@usableFromInline
final class EffectLifetime: EffectSource {
  let site: CallSite
  /// The group of the action that started the effect: actions it sends join that group.
  let group: ActionTree?
  /// The action whose reducer returned the effect.
  @usableFromInline
  let originAction: any Sendable
  private let finished = Atomic(false)

  @usableFromInline
  init(site: CallSite, group: ActionTree?, origin: any Sendable) {
    self.site = site
    self.group = group
    originAction = origin
  }

  @usableFromInline
  var originSite: CallSite? { site }

  var isFinished: Bool { finished.load(ordering: .acquiring) }

  func finish() { finished.store(true, ordering: .releasing) }
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
