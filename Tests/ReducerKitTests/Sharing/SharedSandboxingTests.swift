import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Three counts, one in each kind of storage; the sheet holds the same feature, sandboxed.
private struct Sandboxing: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.appStorage("sandboxingCount")) var appStorageCount = 0
    @Shared(.fileStorage(URL(filePath: "/tmp/sandboxing-count.json"))) var fileStorageCount = 0
    @Shared(.inMemory("sandboxingCount")) var inMemoryCount = 0
    @Presents var sandboxed: State?
  }
  indirect enum Action: Equatable, Sendable {
    case incrementAll
    case presentSandboxTapped
    case sandboxed(PresentationAction<Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementAll:
        state.$appStorageCount.withLock { $0 += 1 }
        state.$fileStorageCount.withLock { $0 += 1 }
        state.$inMemoryCount.withLock { $0 += 1 }
        return .none
      case .presentSandboxTapped:
        state.sandboxed = Sandboxing.sandboxedState()
        return .none
      case .sandboxed:
        return .none
      }
    }
    .ifLet(\.$sandboxed, action: Action.sandboxed) { Sandboxing() }
  }

  /// The sandbox's defaults: a suite of this run's own, in the temporary directory, which the
  /// test removes.
  static let sandboxSuite = NSTemporaryDirectory() + "reducerkit-tests.sandbox.\(UUID())"

  /// The feature's state with storages of its own: what it changes stays in the sandbox.
  static func sandboxedState() -> State {
    withDependencies {
      $0.defaultAppStorage = UserDefaults(suiteName: sandboxSuite)!
      $0.defaultFileStorage = .inMemory(InMemoryFileSystem())
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      State()
    }
  }
}

/// A feature whose state is built with storages of its own shares nothing with the rest of the
/// app (TCA's SharedStateSandboxing case study).
@MainActor
@Suite struct SharedSandboxingTests {
  @Test func aSandboxedFeatureKeepsItsSharedValuesToItself() async {
    defer {
      UserDefaults(suiteName: Sandboxing.sandboxSuite)?
        .removePersistentDomain(forName: Sandboxing.sandboxSuite)
    }
    let store = TestStore(initialState: Sandboxing.State()) { Sandboxing() }
    await store.send(.incrementAll) {
      $0.$appStorageCount.withLock { $0 = 1 }
      $0.$fileStorageCount.withLock { $0 = 1 }
      $0.$inMemoryCount.withLock { $0 = 1 }
    }
    await store.send(.presentSandboxTapped) {
      $0.sandboxed = Sandboxing.sandboxedState()
    }
    #expect(store.state.sandboxed?.appStorageCount == 0)
    #expect(store.state.sandboxed?.fileStorageCount == 0)
    #expect(store.state.sandboxed?.inMemoryCount == 0)
    await store.send(.sandboxed(.presented(.incrementAll))) {
      $0.sandboxed?.$appStorageCount.withLock { $0 = 1 }
      $0.sandboxed?.$fileStorageCount.withLock { $0 = 1 }
      $0.sandboxed?.$inMemoryCount.withLock { $0 = 1 }
    }
    #expect(store.state.appStorageCount == 1)
    #expect(store.state.fileStorageCount == 1)
    #expect(store.state.inMemoryCount == 1)
  }
}
