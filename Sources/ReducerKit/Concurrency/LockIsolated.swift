/// A value shared between tasks, read and changed under a lock: the usual way for a test to
/// record what its dependencies were asked to do.
///
/// ```swift
/// let saved = LockIsolated<[Todo]>([])
/// let store = TestStore(initialState: Todos.State()) { Todos() } withDependencies: {
///   $0.database.save = { todos in saved.withValue { $0 = todos } }
/// }
/// …
/// #expect(saved.value == [todo])
/// ```
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  // NB: @unchecked Sendable: `storage` is read and written only while its `LockedState` lock is
  // held; values handed out are copies (or results the caller asked for).
  private let storage: LockedState<Value>

  /// A value shared under a lock.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    storage = LockedState(try value())
  }

  /// A copy of the value.
  public var value: Value {
    storage.withLock { $0 }
  }

  /// A field of the value: `counter.count`.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    storage.withLock { $0[keyPath: keyPath] }
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    try storage.withLock { $0 = try newValue() }
  }

  /// Changes the value in place, holding the lock, and returns what `operation` returns.
  ///
  /// ```swift
  /// let count = counter.withValue { $0 += 1; return $0 }
  /// ```
  @discardableResult
  public func withValue<Result: Sendable>(
    _ operation: @Sendable (inout Value) throws -> Result
  ) rethrows -> Result {
    try storage.withLock { try operation(&$0) }
  }
}

extension LockIsolated: Equatable where Value: Equatable {
  /// Equal when the values are.
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    lhs.value == rhs.value
  }
}
