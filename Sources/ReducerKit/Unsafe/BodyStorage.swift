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
  /// Set when the reducer implements `reduce(into:action:)` as well as `body`: its own `reduce`
  /// runs, as it does when called directly.
  @exclusivity(unchecked) @usableFromInline var usesOwnReduce = false
  private var destroy: ((UnsafeMutableRawPointer) -> Void)?

  @usableFromInline
  init() {}

  /// The body, once built; the caller names the type it was built with (the reducer's `Body`).
  @inlinable @inline(__always)
  func body<Body>(as _: Body.Type) -> UnsafeMutablePointer<Body>? {
    pointer?.assumingMemoryBound(to: Body.self)
  }

  /// Keeps `body`, and returns where it is kept.
  @usableFromInline
  func build<Body>(_ body: Body) -> UnsafeMutablePointer<Body> {
    let typed = UnsafeMutablePointer<Body>.allocate(capacity: 1)
    typed.initialize(to: body)
    pointer = UnsafeMutableRawPointer(typed)
    destroy = { raw in
      raw.assumingMemoryBound(to: Body.self).deinitialize(count: 1)
      raw.deallocate()
    }
    return typed
  }

  deinit {
    if let pointer { destroy?(pointer) }
  }
}
