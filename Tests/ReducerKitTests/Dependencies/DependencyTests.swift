import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

struct Greeter: Sendable {
  var greet: @Sendable (String) -> String
}

extension Greeter: DependencyKey {
  static let liveValue = Greeter { "live \($0)" }
  static let testValue = Greeter { "test \($0)" }
  static let previewValue = Greeter { "preview \($0)" }
}

/// A key that only provides a live value, to check the missing-test-value failure.
struct LiveOnly: DependencyKey, Sendable {
  var name: String
  static let liveValue = LiveOnly(name: "live")
  static let previewValue = LiveOnly(name: "preview")

}

extension DependencyValues {
  var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
  var liveOnly: LiveOnly {
    get { self[LiveOnly.self] }
    set { self[LiveOnly.self] = newValue }
  }
}

@MainActor
@Suite struct DependencyTests {
  @Test func resolvesTheValueForTheContext() {
    var values = DependencyValues()
    #expect(values.context == .test)
    #expect(values.greeter.greet("a") == "test a")
    values.context = .live
    #expect(values.greeter.greet("a") == "live a")
    values.context = .preview
    #expect(values.greeter.greet("a") == "preview a")
  }

  @Test func overridesWin() {
    var values = DependencyValues()
    values.greeter.greet = { "override \($0)" }
    #expect(values.greeter.greet("b") == "override b")
    values[Greeter.self] = Greeter { "subscript \($0)" }
    #expect(values.greeter.greet("b") == "subscript b")
  }

  @Test func reportsAMissingTestValueAndFallsBackToThePreviewValue() {
    expectIssues {
      let value = withDependencies {
        $0.context = .test
      } operation: {
        DependencyValues.currentForTesting.liveOnly
      }
      #expect(value.name == "preview")
    } matching: { issue in
      issue.comments.first?.rawValue == """
        "LiveOnly" has no test value, but was accessed from a test.

          Dependency value type:
            LiveOnly

        Tests should control every dependency they reach: this one fell back to its preview \
        value (by default, its live value).

        Give the key a "testValue" (for example one built from "unimplemented(_:)"), or override \
        the dependency where the test creates its store: "withDependencies: { $0[LiveOnly.self] \
        = … }".
        """
    }
  }

  @Test func withDependenciesChangesValuesForSyncAndAsyncWork() async {
    @Dependency(\.greeter) var greeter
    #expect(greeter.greet("x") == "test x")
    withDependencies {
      $0.greeter.greet = { "sync \($0)" }
    } operation: {
      #expect(greeter.greet("x") == "sync x")
      withDependencies {
        $0.greeter.greet = { "nested \($0)" }
      } operation: {
        #expect(greeter.greet("x") == "nested x")
      }
      #expect(greeter.greet("x") == "sync x")
    }
    await withDependencies {
      $0.greeter.greet = { "async \($0)" }
    } operation: {
      await Task.yield()
      #expect(greeter.greet("x") == "async x")
      // Unstructured tasks inherit the values.
      let inherited = await Task { greeter.greet("y") }.value
      #expect(inherited == "async y")
    }
    #expect(greeter.greet("x") == "test x")
  }

  @Test func dependencyByKeyType() {
    @Dependency(Greeter.self) var greeter
    #expect(greeter.greet("z") == "test z")
  }

  struct Layered: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    indirect enum Action: Sendable {
      case child(Action)
      case sibling(Action)
      case greet(String)
      case greetLater(String)
      case greetFromDetachedWork(String)
      case record(String)
    }
    let depth: Int
    @Dependency(\.greeter) var greeter

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child, .sibling:
          return .none
        case .greet(let name):
          state.log.append(greeter.greet(name))
          return .none
        case .greetLater(let name):
          return .run { send in await send(.record(greeter.greet(name))) }
        case .greetFromDetachedWork(let name):
          return .run { send in
            let greeting = await Task { greeter.greet(name) }.value
            await send(.record(greeting))
          }
        case .record(let entry):
          state.log.append(entry)
          return .none
        }
      }
      if depth > 0 {
        Scope(state: \.self, action: Action.child) { Layered(depth: depth - 1) }
      }
    }
  }

  @Test func storesCaptureDependenciesForReducersAndEffectsSeveralLayersDeep() async {
    let store = Store(initialState: Layered.State()) {
      Layered(depth: 3)
    } withDependencies: {
      $0.greeter.greet = { "store \($0)" }
    }
    store.send(.child(.child(.child(.greet("a")))))
    await store.send(.child(.child(.child(.greetLater("b"))))).finish()
    await store.send(.child(.child(.greetFromDetachedWork("c")))).finish()
    #expect(store.log == ["store a", "store b", "store c"])
  }

  @Test func overridesDoNotLeakBetweenStores() async {
    let first = Store(initialState: Layered.State()) {
      Layered(depth: 1)
    } withDependencies: {
      $0.greeter.greet = { "first \($0)" }
    }
    let second = Store(initialState: Layered.State()) { Layered(depth: 1) }
    await first.send(.child(.greetLater("a"))).finish()
    await second.send(.child(.greetLater("a"))).finish()
    #expect(first.log == ["first a"])
    #expect(second.log == ["test a"])
  }

  @Test func parallelStoresKeepTheirOwnOverrides() async {
    await withTaskGroup(of: Bool.self) { group in
      for index in 0..<50 {
        group.addTask { await Self.greetsWithItsOwnOverride(index) }
      }
      for await matched in group { #expect(matched) }
    }
  }

  private static func greetsWithItsOwnOverride(_ index: Int) async -> Bool {
    let store = Store(initialState: Layered.State()) {
      Layered(depth: 2)
    } withDependencies: {
      $0.greeter.greet = { "\(index) \($0)" }
    }
    await store.send(.child(.child(.greetLater("x")))).finish()
    return store.log == ["\(index) x"]
  }

  @Test func dependencyOperatorsScopeOverridesToASubtree() async {
    let store = Store(initialState: Layered.State()) {
      Reduce<Layered.State, Layered.Action> { state, action in
        @Dependency(\.greeter) var greeter
        if case .greet(let name) = action { state.log.append("parent " + greeter.greet(name)) }
        return .none
      }
      Scope(state: \.self, action: Layered.Action.child) {
        Layered(depth: 0)
          .dependency(\.greeter, Greeter { "overridden \($0)" })
      }
      Scope(state: \.self, action: Layered.Action.sibling) {
        Layered(depth: 0)
          .transformDependency(\.greeter) { greeter in
            let base = greeter.greet
            greeter.greet = { "transformed " + base($0) }
          }
      }
    }
    store.send(.greet("a"))
    store.send(.child(.greet("b")))
    await store.send(.child(.greetLater("c"))).finish()
    store.send(.sibling(.greet("d")))
    await store.send(.sibling(.greetLater("e"))).finish()
    store.send(.child(.greet("f")))
    #expect(
      store.log == [
        "parent test a", "overridden b", "overridden c", "transformed test d",
        "transformed test e", "overridden f",
      ]
    )
  }

  /// A reducer that (unwisely) starts an unstructured task, which reads a dependency.
  struct TaskStarter: Reducer {
    let seen: Locked<[Date]>
    let tasks: Locked<[Task<Void, Never>]>
    func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
      let task = Task { [seen] in
        @Dependency(\.date.now) var now
        seen.withLock { $0.append(now) }
      }
      tasks.withLock { $0.append(task) }
      guard action else { return .none }
      return .run { [seen] _ in
        await Task {
          @Dependency(\.date.now) var now
          seen.withLock { $0.append(now) }
        }.value
      }
    }
  }

  @Test func aTaskStartedInAReducerOrAnEffectSeesTheStoresDependencies() async {
    let seen = Locked<[Date]>([])
    let tasks = Locked<[Task<Void, Never>]>([])
    let store = Store(initialState: 0) {
      TaskStarter(seen: seen, tasks: tasks)
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 42)
    }
    await store.send(true).finish()
    for task in tasks.value { await task.value }
    #expect(seen.value == [Date(timeIntervalSince1970: 42), Date(timeIntervalSince1970: 42)])
  }

  /// Merged effects, some of them made under other dependencies, each reading the date.
  struct MergedReaders: Reducer {
    func reduce(into state: inout [Double], action: Double?) -> Effect<Double?> {
      if let seen = action {
        state.append(seen)
        return .none
      }
      let readElsewhere = withDependencies {
        $0.date.now = Date(timeIntervalSince1970: 7)
      } operation: {
        Effect<Double?>.merge(read(), readInATask())
      }
      return .merge(read(), readElsewhere, readInATask(), .concatenate(read(), readElsewhere))
    }

    /// Sends the date the effect reads.
    func read() -> Effect<Double?> {
      .run { send in
        @Dependency(\.date.now) var now
        await send(now.timeIntervalSince1970)
      }
    }

    /// Sends the date a task inside the effect reads.
    func readInATask() -> Effect<Double?> {
      .run { send in
        let seen = await Task {
          @Dependency(\.date.now) var now
          return now.timeIntervalSince1970
        }.value
        await send(seen)
      }
    }
  }

  @Test func mergedEffectsEachSeeTheDependenciesTheyWereMadeWith() async {
    // NB: the effects of a merge made at one place bind their dependencies once around them
    // all; one made under other dependencies must still see its own, and nothing else theirs.
    let store = Store(initialState: [Double]()) {
      MergedReaders()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 42)
    }
    await store.send(Double?.none).finish()
    #expect(store.state.sorted() == [7, 7, 7, 7, 42, 42, 42])
  }

  @Test func effectsStartedAtOnePlaceShareTheirBindingAndNoOthersDo() {
    let registry = EffectRegistry()
    var values = DependencyValues()
    values.runtime.effect = EffectContext(registry: registry, path: NavigationPath())
    let first = TaskDependencies.reused(forEffect: nil, values)
    #expect(TaskDependencies.reused(forEffect: first, values) === first)
    // Another element, another store, other overrides, a presented child: a binding of its own.
    var inRow = values
    inRow.runtime.effect = EffectContext(
      registry: registry, path: NavigationPath([NavigationElement(operatorID: 1, collectionKey: 0)])
    )
    #expect(TaskDependencies.reused(forEffect: first, inRow) !== first)
    var otherStore = values
    otherStore.runtime.effect = EffectContext(registry: EffectRegistry(), path: NavigationPath())
    #expect(TaskDependencies.reused(forEffect: first, otherStore) !== first)
    var overridden = values
    overridden.date.now = Date(timeIntervalSince1970: 1)
    #expect(TaskDependencies.reused(forEffect: first, overridden) !== first)
    var presented = values
    presented.runtime.navigation = NavigationContext(isPresented: true, dismiss: nil)
    #expect(TaskDependencies.reused(forEffect: first, presented) !== first)
    let presentedBinding = TaskDependencies.reused(forEffect: nil, presented)
    #expect(TaskDependencies.reused(forEffect: presentedBinding, presented) !== presentedBinding)
    // The same rule, checked against values without their scope (an effect's own dependencies).
    let bound = first.dependencies
    let captured = DependencyValues()
    #expect(bound.isEffectBinding(of: captured, registry: registry, path: NavigationPath()))
    #expect(
      !bound.isEffectBinding(of: captured, registry: EffectRegistry(), path: NavigationPath()))
    #expect(
      !bound.isEffectBinding(
        of: captured, registry: registry,
        path: NavigationPath([NavigationElement(operatorID: 1, collectionKey: 0)])))
    var capturedOverridden = captured
    capturedOverridden.date.now = Date(timeIntervalSince1970: 1)
    #expect(
      !bound.isEffectBinding(of: capturedOverridden, registry: registry, path: NavigationPath()))
  }
}

extension DependencyValues {
  /// The values in force, as a test sees them.
  static var currentForTesting: DependencyValues {
    @Dependency(\.self) var values
    return values
  }
}
