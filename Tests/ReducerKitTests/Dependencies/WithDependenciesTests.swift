import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A model (not a reducer) that reads its dependencies long after it was made.
private final class IDMaker {
  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date

  func make() -> UUID { uuid() }
  func stamp() -> Date { date.now }
}

private final class NoDependencies {}

private let zero = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
private let one = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
private let fixed = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!

/// `@Dependency` keeps the values in force where it was created; `withDependencies(from:)` hands
/// them on.
@MainActor
@Suite struct WithDependenciesTests {
  @Test func aModelKeepsTheDependenciesItWasMadeWith() {
    let model = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      IDMaker()
    }
    // Read later, outside the block that made it.
    #expect(model.make() == zero)
    #expect(model.make() == one)
  }

  @Test func valuesSetWhereTheDependencyIsReadWin() {
    let model = withDependencies {
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    } operation: {
      IDMaker()
    }
    withDependencies {
      $0.uuid = .constant(fixed)
    } operation: {
      #expect(model.make() == fixed)
      // A key not set here keeps the value the model was made with.
      #expect(model.stamp() == Date(timeIntervalSince1970: 1))
    }
  }

  @Test func withDependenciesFromAModelHandsItsDependenciesOn() {
    let parent = withDependencies {
      $0.uuid = .constant(fixed)
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    } operation: {
      IDMaker()
    }
    let child = withDependencies(from: parent) {
      $0.date = .constant(Date(timeIntervalSince1970: 2))
    } operation: {
      IDMaker()
    }
    #expect(child.make() == fixed)
    #expect(child.stamp() == Date(timeIntervalSince1970: 2))
    let sameAsParent = withDependencies(from: parent) { IDMaker() }
    #expect(sameAsParent.stamp() == Date(timeIntervalSince1970: 1))
  }

  @Test func asynchronousWorkCanUseAModelsDependencies() async {
    let parent = withDependencies {
      $0.uuid = .constant(fixed)
    } operation: {
      IDMaker()
    }
    let id = await withDependencies(from: parent) {
      await Task {
        @Dependency(\.uuid) var uuid
        return uuid()
      }.value
    }
    #expect(id == fixed)
  }

  @Test func aModelWithoutDependenciesIsAWarning() {
    expectIssues {
      withDependencies(from: NoDependencies()) {}
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""withDependencies(from:)" found no "@Dependency" property in NoDependencies"#) ?? false
    }
  }

  @Test func escapedDependenciesAreInForceWhereTheyAreYielded() async {
    let now = Date(timeIntervalSince1970: 1_234)
    var callback: (@Sendable () -> Date)?
    var asyncCallback: (@Sendable () async -> Date)?
    withDependencies {
      $0.date = .constant(now)
    } operation: {
      withEscapedDependencies { dependencies in
        callback = {
          dependencies.yield {
            @Dependency(\.date.now) var date
            return date
          }
        }
        asyncCallback = {
          await dependencies.yield {
            await Task.yield()
            @Dependency(\.date.now) var date
            return date
          }
        }
      }
    }
    // Run later, outside `withDependencies`: the captured values are in force inside `yield`.
    #expect(callback?() == now)
    #expect(await asyncCallback?() == now)
    withDependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    } operation: {
      #expect(callback?() == now)
    }
  }
}
