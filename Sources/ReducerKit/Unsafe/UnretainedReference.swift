import ReducerKitThreadLocal

/// A reference that neither keeps its object alive nor gives it a side table, for an object that
/// forgets the reference in its own `deinit`: a scoped store in its parent's scope cache.
///
/// NB: a `weak` reference would do, but it moves the object's reference counts to a side table
/// for good, and then every retain and release of the object (every scope that finds it in the
/// cache, every send through it) takes the runtime's slow path. See the Unsafe README,
/// "Unretained scope cache entries", for why reading the address is sound.
@usableFromInline
struct UnretainedReference {
  @usableFromInline let address: UnsafeMutableRawPointer

  @usableFromInline
  init(_ object: AnyObject) {
    address = Unmanaged.passUnretained(object).toOpaque()
  }

  /// The object, retained, while its strong count is above zero; `nil` once it reached zero
  /// (its `deinit` is running, or queued on its actor).
  ///
  /// - Precondition: the object's memory has not been freed: its `deinit` (or its actor's queued
  ///   one) has not finished, which holds while it has not yet dropped this reference.
  @inlinable
  func load() -> AnyObject? {
    guard let retained = swift_tryRetain(address) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
  }
}
