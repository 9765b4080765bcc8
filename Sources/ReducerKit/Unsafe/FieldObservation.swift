#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One observed field: armed with the value last read, until it changes.
@usableFromInline
class FieldObservation<State> {
  @usableFromInline var isArmed: Bool { false }
  @usableFromInline func arm(_ state: State) {}
  @usableFromInline func disarm() {}
  @usableFromInline func hasChanged(_ state: UnsafePointer<State>) -> Bool { true }
}

/// A field of an `Equatable` type: changed when its value differs from the one read.
///
/// NB: the value sits behind a pointer rather than in an optional, so that arming and checking
/// need no metadata lookup for `Optional<Value>` (this code runs unspecialized), and it is
/// destroyed on disarming, so that no copy of it keeps a collection from mutating in place.
private final class EquatableFieldObservation<State, Value: Equatable>: FieldObservation<State> {
  let field: FieldReader<State, Value>
  let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
  var armed = false

  init(_ keyPath: KeyPath<State, Value>) {
    field = FieldReader(keyPath)
  }

  deinit {
    if armed { value.deinitialize(count: 1) }
    value.deallocate()
  }

  override var isArmed: Bool { armed }

  override func arm(_ state: State) {
    if armed {
      value.pointee = state[keyPath: field.keyPath]
    } else {
      value.initialize(to: state[keyPath: field.keyPath])
      armed = true
    }
  }

  override func disarm() {
    guard armed else { return }
    value.deinitialize(count: 1)
    armed = false
  }

  override func hasChanged(_ state: UnsafePointer<State>) -> Bool {
    armed && value.pointee != field.read(state)
  }
}

/// A stored field of a trivial type (`Int`, `Bool`, a struct of those…): changed when its bytes
/// differ. Bytes that differ for equal values (`0.0` and `-0.0`) notify needlessly, never the
/// reverse; the comparison needs no generic code, which matters with many observed fields.
private final class TrivialFieldObservation<State>: FieldObservation<State> {
  let offset: Int
  let size: Int
  let bytes: UnsafeMutableRawPointer
  var armed = false

  init(offset: Int, size: Int) {
    self.offset = offset
    self.size = size
    bytes = .allocate(byteCount: max(size, 1), alignment: 16)
  }

  deinit { bytes.deallocate() }

  override var isArmed: Bool { armed }

  override func arm(_ state: State) {
    withUnsafePointer(to: state) { pointer in
      bytes.copyMemory(from: UnsafeRawPointer(pointer) + offset, byteCount: size)
    }
    armed = true
  }

  override func disarm() { armed = false }

  override func hasChanged(_ state: UnsafePointer<State>) -> Bool {
    armed && memcmp(bytes, UnsafeRawPointer(state) + offset, size) != 0
  }
}

/// A field of any other type: every send after a read counts as a change.
private final class OpaqueFieldObservation<State>: FieldObservation<State> {
  var armed = false
  override var isArmed: Bool { armed }
  override func arm(_ state: State) { armed = true }
  override func disarm() { armed = false }
  override func hasChanged(_ state: UnsafePointer<State>) -> Bool { armed }
}

func makeFieldObservation<State, Value>(
  _ keyPath: KeyPath<State, Value>
) -> FieldObservation<State> {
  if _isPOD(Value.self), let offset = MemoryLayout<State>.offset(of: keyPath) {
    return TrivialFieldObservation(offset: offset, size: MemoryLayout<Value>.size)
  }
  guard let equatable = Value.self as? any Equatable.Type else {
    return OpaqueFieldObservation()
  }
  func make<E: Equatable>(_: E.Type) -> FieldObservation<State> {
    // NB: E is Value (the cast above succeeded on Value's own metatype).
    guard let typed = keyPath as? KeyPath<State, E> else { return OpaqueFieldObservation() }
    return EquatableFieldObservation(typed)
  }
  return make(equatable)
}
