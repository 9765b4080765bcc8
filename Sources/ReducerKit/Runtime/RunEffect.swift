// A `.run` effect as the interpreter starts it: the operation as written, and how a child's
// `Send` reaches it through the parents that moved it up (`RunEffect`, `RunWork`, `ChildWork`).
// Its task is in `EffectTask.swift`.

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
