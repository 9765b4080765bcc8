/// Shared values derived from optionals and identified collections, as TCA derives them: to hand
/// a child feature a `Shared` of the one value it edits.
extension Shared {
  /// The value of `base`, unwrapped: `nil` when `base` holds `nil` now.
  ///
  /// ```swift
  /// guard let profile = Shared(state.$profile) else { return .none }
  /// state.destination = .editProfile(EditProfile.State(profile: profile))
  /// ```
  ///
  /// Changes go to `base` while it holds a value. Once `base` holds `nil`, the unwrapped value
  /// keeps the last value read or written through it (so that a screen being dismissed still
  /// reads one), and changes to it no longer reach `base`.
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    self = base.unwrapping(\.self, initial: initial)
  }

  /// A shared value of an optional field, unwrapped: `nil` when the field is `nil` now (see
  /// `Shared(_:)`).
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member?>
  ) -> Shared<Member>? {
    guard let initial = wrappedValue[keyPath: keyPath] else { return nil }
    return unwrapping(keyPath, initial: initial)
  }

  /// The element of `id` in a shared identified array, as a shared value of its own: `nil` when
  /// the array has no such element now.
  ///
  /// ```swift
  /// guard let todo = state.$todos[id: id] else { return .none }
  /// state.path.append(.detail(TodoDetail.State(todo: todo)))
  /// ```
  ///
  /// It follows the element by id, wherever the array moves it. Once the element is removed, it
  /// keeps the last value read or written through it, and changes to it no longer reach the
  /// array.
  public subscript<ID: Hashable & Sendable, Element: Sendable>(id id: ID) -> Shared<Element>?
  where Value == IdentifiedArray<ID, Element> {
    guard let initial = wrappedValue[id: id] else { return nil }
    return unwrapping(\.[id: id], initial: initial)
  }

  /// A shared value for each element of a shared identified array, in order (see
  /// `subscript(id:)`): to hand each row of a list its own.
  public func elements<ID: Hashable & Sendable, Element: Sendable>() -> [Shared<Element>]
  where Value == IdentifiedArray<ID, Element> {
    // NB: from one read of the array, not one for each element's `self[id:]`.
    let array = wrappedValue
    return zip(array.ids.elements, array).map { id, element in
      unwrapping(\.[id: id], initial: element)
    }
  }

  /// The value at `keyPath`, unwrapped, falling back to `initial` (then to the last value read
  /// or written through it) while it is `nil`.
  fileprivate func unwrapping<Wrapped: Sendable>(
    _ keyPath: WritableKeyPath<Value, Wrapped?>, initial: Wrapped
  ) -> Shared<Wrapped> {
    Shared<Wrapped>(
      reference: ProjectedReference(
        root: reference,
        keyPath: keyPath.appending(path: \Wrapped?.[unwrappedOr: UnwrapFallback(initial)])))
  }
}

extension Shared {
  /// A shared value for each element of a shared array, by position, as TCA's `elements`: an
  /// element's shared value follows its position, not the element, when the array is reordered
  /// (an identified array's follow their elements, see `elements()` there). Once the array is
  /// shorter than its position, it keeps the last value read or written through it, and changes
  /// to it no longer reach the array.
  public func elements<Element: Sendable>() -> [Shared<Element>] where Value == [Element] {
    let array = wrappedValue
    return array.indices.map { position in
      unwrapping(\.[ifPresent: position], initial: array[position])
    }
  }
}

extension Array {
  /// A shared value for each element of a shared array, by position, as TCA writes a list of
  /// shared rows: `ForEach(Array(store.$items)) { $item in … }` (see ``Shared/elements()``).
  public init<Wrapped: Sendable>(_ shared: Shared<[Wrapped]>) where Element == Shared<Wrapped> {
    self = shared.elements()
  }

  /// A shared value for each element of a shared identified array, in order, each following
  /// its element by id: `ForEach(Array(store.$todos)) { $todo in … }`.
  public init<ID: Hashable & Sendable, Wrapped: Sendable>(
    _ shared: Shared<IdentifiedArray<ID, Wrapped>>
  ) where Element == Shared<Wrapped> {
    self = shared.elements()
  }
}

extension Array {
  /// The element at `position`, `nil` once the array is shorter; setting `nil`, or setting past
  /// the end, changes nothing (see `Shared.elements()`).
  subscript(ifPresent position: Int) -> Element? {
    get { indices.contains(position) ? self[position] : nil }
    set {
      guard let newValue, indices.contains(position) else { return }
      self[position] = newValue
    }
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id: a list of shared values is identified by them.
  public var id: Value.ID { wrappedValue.id }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the current value, as the value itself encodes.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// Decodes a value shared by this holder and its copies only (``init(value:)``): a decoded
  /// state's shared field is no longer shared with its key's other holders.
  public init(from decoder: any Decoder) throws {
    self.init(value: try Value(from: decoder))
  }
}

/// The value a derived shared value falls back to once what it derives from is gone: the last
/// value read or written through it.
///
/// NB: a class, compared by identity, because a key path's subscript arguments must be
/// `Hashable`: each unwrapping has its own.
final class UnwrapFallback<Wrapped: Sendable>: Hashable, Sendable {
  let value: LockedState<Wrapped>

  init(_ value: Wrapped) {
    self.value = LockedState(value)
  }

  static func == (lhs: UnwrapFallback, rhs: UnwrapFallback) -> Bool { lhs === rhs }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension Optional where Wrapped: Sendable {
  /// The wrapped value, or `fallback`'s while `nil`; a write goes to `fallback`, and to the
  /// wrapped value while there is one.
  subscript(unwrappedOr fallback: UnwrapFallback<Wrapped>) -> Wrapped {
    get {
      guard let self else { return fallback.value.withLock { $0 } }
      fallback.value.withLock { $0 = self }
      return self
    }
    set {
      fallback.value.withLock { $0 = newValue }
      if self != nil { self = newValue }
    }
  }
}
