/// A reducer that implements `body`, with that body built once, the first time it runs.
///
/// ``ReducerBuilder`` wraps every body-based reducer you write in a block in this type, so a
/// feature's `body` is not rebuilt on every action:
///
/// ```swift
/// Scope(state: \.counter, action: Action.counter) {
///   Counter()  // becomes CachedBody<Counter>
/// }
/// ```
///
/// The body is built lazily because features may contain themselves (a recursive tree of
/// children), which eager building could never finish.
///
/// NB: the type has no `where Base.Body: Reducer` clause on purpose. For a feature that contains
/// itself, `Base.Body` contains `CachedBody<Base>`; a type-level requirement on `Base.Body` makes
/// the runtime resolve that body while building the type's own metadata, which never ends. The
/// requirement lives on the initializer, which stores a (capture-free) function that knows it.
public struct CachedBody<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let storage: BodyStorage
  @usableFromInline let reduceThroughBody:
    (Base, BodyStorage, inout Base.State, Base.Action) -> Effect<Base.Action>

  /// Wraps `base`; its body is built on first use.
  @inlinable
  public init(_ base: Base)
  where Base.Body: Reducer, Base.Body.State == Base.State, Base.Body.Action == Base.Action {
    self.base = base
    storage = BodyStorage()
    reduceThroughBody = { base, storage, state, action in
      let body = (storage.pointer ?? storage.build(base.body))
        .assumingMemoryBound(to: Base.Body.self)
      return body.pointee.reduceInPlace(into: &state, action: action)
    }
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    reduceThroughBody(base, storage, &state, action)
  }
}

extension Reducer {
  /// Reduces with the reducer accessed in place.
  ///
  /// NB: calling a non-mutating method on memory behind a pointer makes the compiler copy the
  /// value first (retaining every field), since the memory might change during the call. An
  /// `inout` access is exclusive, so the method runs on the memory itself.
  @inlinable @inline(__always)
  mutating func reduceInPlace(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action)
  }
}

/// Where a ``CachedBody`` keeps its body once built.
///
/// NB: not generic over the body: a feature that contains itself has a body type that contains
/// `CachedBody<Feature>`, and a field typed by that body would make the type's metadata depend
/// on itself. Not `Sendable` either: stores run reducers on the main actor, and the compiler
/// keeps reducer values that hold this class from crossing isolation domains. The body sits
/// behind a pointer so reducing through it needs no exclusivity check and no copy.
@usableFromInline
final class BodyStorage {
  @exclusivity(unchecked) @usableFromInline var pointer: UnsafeMutableRawPointer?
  private var destroy: ((UnsafeMutableRawPointer) -> Void)?

  @usableFromInline
  init() {}

  @usableFromInline
  func build<Body>(_ body: Body) -> UnsafeMutableRawPointer {
    let typed = UnsafeMutablePointer<Body>.allocate(capacity: 1)
    typed.initialize(to: body)
    let pointer = UnsafeMutableRawPointer(typed)
    self.pointer = pointer
    destroy = { raw in
      raw.assumingMemoryBound(to: Body.self).deinitialize(count: 1)
      raw.deallocate()
    }
    return pointer
  }

  deinit {
    if let pointer { destroy?(pointer) }
  }
}
