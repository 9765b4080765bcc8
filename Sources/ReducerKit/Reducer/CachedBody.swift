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
      guard let body = storage.body(as: Base.Body.self) else {
        return reduceWithoutBody(base, storage: storage, state: &state, action: action)
      }
      return body.pointee.reduceInPlace(into: &state, action: action)
    }
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    reduceThroughBody(base, storage, &state, action)
  }
}

/// Reduces while no body is cached: the first action (which finds out whether `Base` has a
/// `reduce` of its own besides `body`, and caches the body when it has not), or every action of
/// a type that implements both.
@usableFromInline @inline(never)
func reduceWithoutBody<Base: Reducer>(
  _ base: Base, storage: BodyStorage, state: inout Base.State, action: Base.Action
) -> Effect<Base.Action> {
  if storage.usesOwnReduce { return base.reduce(into: &state, action: action) }
  var reachedBody = false
  let effect = BodyProbe.run(Base.self, storage: storage, reachedBody: &reachedBody) {
    base.reduce(into: &state, action: action)
  }
  if !reachedBody {
    storage.usesOwnReduce = true
    BodyProbe.reportBothImplemented(Base.self)
  }
  return effect
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

/// Tells whether a reducer's `reduce(into:action:)` is the protocol's default (which runs
/// `body`) or its own, by running it once with a thread-local marker that only the default
/// sets.
///
/// NB: TCA's `@Reducer` macro rejects a type that implements both at compile time; without
/// macros the store finds out at the first action, warns once, and runs the type's own
/// `reduce`, exactly as a direct call would.
@usableFromInline
enum BodyProbe {
  @usableFromInline
  struct Frame {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let storage: Unmanaged<BodyStorage>
    @usableFromInline let reachedBody: UnsafeMutablePointer<Bool>
  }

  static var frame: ThreadLocalFrame<Frame> { ThreadLocalFrame(.bodyProbe) }

  /// Runs `body` (a call to `Base`'s `reduce`) with the marker for `Base` armed.
  @usableFromInline
  static func run<Base, Result>(
    _: Base.Type, storage: BodyStorage, reachedBody: inout Bool, _ body: () -> Result
  ) -> Result {
    withUnsafeMutablePointer(to: &reachedBody) { flag in
      var probe = Frame(
        type: ObjectIdentifier(Base.self), storage: .passUnretained(storage), reachedBody: flag)
      return withUnsafePointer(to: &probe) { frame.with($0, body) }
    }
  }

  /// Called by the default `reduce(into:action:)` of `type`: when the store is probing `type`,
  /// notes that the default ran and returns the storage its body is to be cached in.
  @usableFromInline
  static func claim(for type: Any.Type) -> BodyStorage? {
    guard let probe = frame.current, probe.pointee.type == ObjectIdentifier(type) else {
      return nil
    }
    probe.pointee.reachedBody.pointee = true
    return probe.pointee.storage.takeUnretainedValue()
  }

  private static let reported = LockedState<Set<ObjectIdentifier>>([])

  @usableFromInline
  static func reportBothImplemented(_ type: Any.Type) {
    guard reported.withLock({ $0.insert(ObjectIdentifier(type)).inserted }) else { return }
    reportRuntimeWarning(
      """
      "\(type)" implements both "reduce(into:action:)" and "body"; "reduce(into:action:)" runs, \
      and "body" is never used.

      A reducer implements one of the two. Remove "body", or move the logic of \
      "reduce(into:action:)" into a "Reduce" inside "body".
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column
    )
  }
}

/// A reducer that stands for another in what a recording names (see ``SessionRecording``): the
/// test a page or a file holds makes the feature, not the wrapper a store made of it.
protocol RecordedAsItsBase {
  static var recordedFeatureType: Any.Type { get }
}

extension CachedBody: RecordedAsItsBase {
  static var recordedFeatureType: Any.Type {
    (Base.self as? any RecordedAsItsBase.Type)?.recordedFeatureType ?? Base.self
  }
}
