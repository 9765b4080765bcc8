/// A ``Store`` of some state and action: lets an extension of another generic type apply to
/// stores only (`extension Binding where Value: OptionalStoreProtocol`), where Swift does not
/// allow a generic parameter used in a `where` clause alone.
@MainActor
public protocol StoreProtocol<State, Action>: AnyObject {
  /// The store's state.
  associatedtype State
  /// The store's action.
  associatedtype Action: Sendable
}

extension Store: StoreProtocol {}

/// An optional ``StoreProtocol``: the value of a presentation's binding.
public protocol OptionalStoreProtocol {
  /// The store type.
  associatedtype Wrapped: StoreProtocol
  /// The store, or `nil`.
  var optionalStore: Wrapped? { get }
  /// A value of this type holding `store`.
  init(optionalStore store: Store<Wrapped.State, Wrapped.Action>?)
}

extension Optional: OptionalStoreProtocol where Wrapped: StoreProtocol {
  /// The store, or `nil`.
  public var optionalStore: Wrapped? { self }

  /// The optional store `store` is, when it is a `Wrapped` (it is: `Wrapped` is a `Store` of
  /// those types).
  public init(optionalStore store: Store<Wrapped.State, Wrapped.Action>?) {
    self = store as? Wrapped
  }
}
