extension Reducer {
  /// Runs this reducer, and the effects it creates, with one dependency set to `value`.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Scope(state: \.onboarding, action: Action.onboarding) {
  ///     Onboarding()
  ///       .dependency(\.apiClient, .onboardingMock)
  ///   }
  /// }
  /// ```
  public func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyOverridingReducer<Self> where Value: Sendable {
    DependencyOverridingReducer(base: self) { $0[keyPath: keyPath] = value }
  }

  /// Runs this reducer, and the effects it creates, with a dependency registered by its own type
  /// (read with `@Dependency(Client.self)`) set to `value`.
  ///
  /// ```swift
  /// Onboarding()
  ///   .dependency(NumberFactClient.onboardingMock)
  /// ```
  public func dependency<Value: TestDependencyKey>(
    _ value: Value
  ) -> DependencyOverridingReducer<Self> where Value.Value == Value {
    DependencyOverridingReducer(base: self) { $0[Value.self] = value }
  }

  /// Runs this reducer, and the effects it creates, with one dependency transformed.
  ///
  /// ```swift
  /// Child()
  ///   .transformDependency(\.logger) { $0 = $0.prefixed("child") }
  /// ```
  public func transformDependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyOverridingReducer<Self> {
    DependencyOverridingReducer(base: self) { transform(&$0[keyPath: keyPath]) }
  }
}

/// A reducer that runs its base with changed dependencies. Built by
/// ``Reducer/dependency(_:_:)`` and ``Reducer/transformDependency(_:transform:)``.
public struct DependencyOverridingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let update: @Sendable (inout DependencyValues) -> Void
  @usableFromInline let cache = DerivedDependencies()

  init(base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.base = base
    self.update = update
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = cache.derive(from: DependencyValues.current, update: update)
    return withUnsafePointer(to: &values) { pointer in
      DependencyValues.withFrame(pointer) { base.reduce(into: &state, action: action) }
    }
  }
}

/// The last values derived by a ``DependencyOverridingReducer``, reused while the values it
/// derives from are unchanged (so an action costs no allocation).
///
/// NB: not `Sendable`; see ``BodyStorage``.
@usableFromInline
final class DerivedDependencies {
  private var base: DependencyValues?
  private var derived: DependencyValues?

  @usableFromInline
  init() {}

  @usableFromInline
  func derive(
    from current: DependencyValues, update: (inout DependencyValues) -> Void
  ) -> DependencyValues {
    if let base, let derived, base.storage === current.storage,
      base.storedContext == current.storedContext
    {
      return current.replacingOverrides(with: derived)
    }
    var derived = current
    DependencySetting.run { update(&derived) }
    base = current
    self.derived = derived
    return derived
  }
}
