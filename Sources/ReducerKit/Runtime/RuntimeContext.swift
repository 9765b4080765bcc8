/// What the runtime tells the code it runs about where it runs: the effect, the navigation
/// element, the store's live elements, the test store watching shared state.
///
/// It is not a dependency: no key reaches it, `withDependencies` cannot set it, and a value
/// captured elsewhere (an `@Dependency` made in another store) never brings its own. It travels
/// with the dependency values only because both are published the same way, by the reducer's
/// frame and by the task's binding, so reading it costs nothing more than reading them.
///
/// A new store starts from an empty one (``DependencyValues/forNewStore()``): what belonged to
/// the code that created it does not belong to the code it will run.
@usableFromInline
package struct RuntimeContext: Sendable {
  /// The effect that is running, for `withTaskCancellation` and `dismiss`.
  @usableFromInline package var effect: EffectContext?
  /// Where in the navigation tree the reducer or effect runs (a presented child's `dismiss`).
  package var navigation: NavigationContext?
  /// Which navigation elements of the running store have effects in flight (set for the store's
  /// reducers; read by navigation operators).
  @usableFromInline package var liveElements: LiveElementSummary?
  /// The test store tracking shared-state changes made here (set by `TestStore`).
  package var sharedChangeTracker: SharedChangeTracker?

  /// A context that says nothing: the code runs outside any store.
  @inlinable
  package init() {}
}
