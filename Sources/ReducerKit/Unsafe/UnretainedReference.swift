#if !(REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64))))
  import ReducerKitThreadLocal
#endif

/// A reference that does not keep its object alive, for an object that forgets the reference in
/// its own `deinit`: a scoped store in its parent's scope cache.
///
/// Two implementations, chosen when ReducerKit is compiled (see the Unsafe README, "Portable
/// mode"):
/// - the fast paths keep the object's address and retain it with the runtime's `swift_tryRetain`
///   while its strong count is above zero. A `weak` reference would do, but it moves the
///   object's reference counts to a side table for good, and then every retain and release of
///   the object (every scope that finds it in the cache, every send through it) takes the
///   runtime's slow path. See the Unsafe README, "Unretained scope cache entries", for why
///   reading the address is sound;
/// - the portable code keeps a `weak` reference.
@usableFromInline
struct UnretainedReference {
  /// The object's address, which names it (in its `deinit`, too); it is only read as memory by
  /// the fast paths' `load()`.
  @usableFromInline let address: UnsafeMutableRawPointer

  /// Whether this refers to the object `id` names (also in the object's `deinit`).
  @usableFromInline
  func refers(to id: ObjectIdentifier) -> Bool {
    UInt(bitPattern: address) == UInt(bitPattern: id)
  }

  #if REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64)))
    @usableFromInline weak var object: AnyObject?

    @usableFromInline
    init(_ object: AnyObject) {
      address = Unmanaged.passUnretained(object).toOpaque()
      self.object = object
    }

    /// The object, while its strong count is above zero; `nil` once it reached zero.
    @inlinable
    func load() -> AnyObject? {
      object
    }
  #else
    @usableFromInline
    init(_ object: AnyObject) {
      address = Unmanaged.passUnretained(object).toOpaque()
    }

    /// The object, retained, while its strong count is above zero; `nil` once it reached zero
    /// (its `deinit` is running, or queued on its actor).
    ///
    /// - Precondition: the object's memory has not been freed: its `deinit` (or its actor's
    ///   queued one) has not finished, which holds while it has not yet dropped this reference.
    @inlinable
    func load() -> AnyObject? {
      guard let retained = swift_tryRetain(address) else { return nil }
      return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
    }
  #endif
}
