import ReducerKit
import ReducerKitTesting
import Testing

@Suite struct UnimplementedTests {
  private func isUnimplemented(_ name: String) -> (CapturedIssue) -> Bool {
    { $0.comments.first?.rawValue.hasPrefix("Unimplemented: \"\(name)\" was called.") ?? false }
  }

  @Test func throwingEndpointsFailTheTestAndThrow() async {
    let fetch: @Sendable (Int) async throws -> String = unimplemented("Client.fetch")
    await expectIssues {
      await #expect(throws: UnimplementedFailure(description: "Client.fetch")) {
        try await fetch(42)
      }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Unimplemented: "Client.fetch" was called.

          Arguments:
            42

        This endpoint has no implementation in this context, usually a test. Override it for \
        the test, for example where the store is created: "withDependencies: { \
        $0.client.endpoint = { … } }".
        """
    }
    let load: @Sendable (String, Int) throws -> [Int] = unimplemented("Client.load")
    expectIssues {
      #expect(throws: UnimplementedFailure.self) { try load("a", 1) }
    } matching: { issue in
      issue.comments.first?.rawValue.contains("(\"a\", 1)") ?? false
    }
  }

  @Test func streamEndpointsFailTheTestAndEndAtOnce() async {
    // As a client writes them, without a placeholder (TCA's unimplemented takes them so too).
    struct Socket: Sendable {
      var events: @Sendable (String) -> AsyncThrowingStream<Int, any Error>
      var ticks: @Sendable () -> AsyncStream<Int>
    }
    let socket = Socket(
      events: unimplemented("Socket.events"), ticks: unimplemented("Socket.ticks"))
    await expectIssues {
      await #expect(throws: UnimplementedFailure(description: "Socket.events")) {
        for try await _ in socket.events("wss://example.com") {}
      }
    } matching: {
      isUnimplemented("Socket.events")($0)
    }
    await expectIssues {
      var received: [Int] = []
      for await tick in socket.ticks() { received.append(tick) }
      #expect(received.isEmpty)
    } matching: {
      isUnimplemented("Socket.ticks")($0)
    }
  }

  @Test func placeholderEndpointsFailTheTestAndReturnThePlaceholder() async {
    let isEnabled: @Sendable () -> Bool = unimplemented("Flags.isEnabled", placeholder: true)
    expectIssues {
      #expect(isEnabled())
    } matching: { issue in
      issue.comments.first?.rawValue.contains("(none)") ?? false
    }
    let count: @Sendable (String) async -> Int = unimplemented("Counter.count", placeholder: 7)
    await expectIssues {
      #expect(await count("x") == 7)
    } matching: {
      isUnimplemented("Counter.count")($0)
    }
  }

  @Test func voidEndpointsFailTheTest() async {
    let track: @Sendable (String, [String: Int]) -> Void = unimplemented("Analytics.track")
    expectIssues {
      track("event", ["n": 1])
    } matching: {
      isUnimplemented("Analytics.track")($0)
    }
    let flush: @Sendable () async -> Void = unimplemented("Analytics.flush")
    await expectIssues {
      await flush()
    } matching: {
      isUnimplemented("Analytics.flush")($0)
    }
  }

  /// A client with an endpoint of every shape `unimplemented` must build unambiguously.
  struct EveryShape: Sendable {
    var a: @Sendable () -> Void
    var b: @Sendable () async -> Void
    var c: @Sendable () throws -> Void
    var d: @Sendable () async throws -> Void
    var e: @Sendable (Int) async throws -> Void
    var f: @Sendable (Int) throws -> Void
    var g: @Sendable (Int, String) -> Void
    var h: @Sendable (Int) throws -> String
    var i: @Sendable (Int) async throws -> String
    var j: @Sendable (Int, String) async throws -> [Int]
    var k: @Sendable (Int) -> Bool
    var l: @Sendable (Int) async -> Bool
  }

  @Test func buildsEveryClosureShapeUnambiguously() async {
    let client = EveryShape(
      a: unimplemented("a"), b: unimplemented("b"), c: unimplemented("c"),
      d: unimplemented("d"), e: unimplemented("e"), f: unimplemented("f"),
      g: unimplemented("g"), h: unimplemented("h"), i: unimplemented("i"),
      j: unimplemented("j"), k: unimplemented("k", placeholder: false),
      l: unimplemented("l", placeholder: true)
    )
    // Throwing endpoints throw (they did not pick a non-throwing overload).
    await expectIssues {
      #expect(throws: UnimplementedFailure.self) { try client.c() }
      await #expect(throws: UnimplementedFailure.self) { try await client.e(1) }
    } matching: { issue in
      isUnimplemented("c")(issue) || isUnimplemented("e")(issue)
    }
  }
}
