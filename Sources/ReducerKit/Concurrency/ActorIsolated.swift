/// A value shared between tasks, isolated to an actor: read and changed with `await`.
///
/// TCA re-exports this type from its concurrency helpers, and deprecates it there in favour of
/// ``LockIsolated``, so ported tests compile as they did, with the same deprecation:
///
/// ```swift
/// let isSaved = ActorIsolated(false)
/// $0.database.save = { _ in await isSaved.setValue(true) }
/// …
/// #expect(await isSaved.value)
/// ```
@available(
  *, deprecated,
  message: "Use LockIsolated: it reads and changes the value without 'await', in tests and effects."
)
@dynamicMemberLookup
public final actor ActorIsolated<Value: Sendable> {
  /// The value.
  public var value: Value

  /// A value isolated to this actor.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// A field of the value: `await counter.count`.
  public subscript<Subject: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Subject> & Sendable
  ) -> Subject {
    value[keyPath: keyPath]
  }

  /// Changes the value in place, on the actor, and returns what `operation` returns.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    try operation(&value)
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    value = try newValue()
  }
}
