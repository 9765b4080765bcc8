#if !(REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64))))
  import ReducerKitThreadLocal
#endif

/// The heap box that holds the payload of an `indirect` enum case: the enum's payload slot holds
/// a reference to it (the representation the Swift ABI documents for indirect cases).
///
/// Two implementations, chosen when ReducerKit is compiled (see the Unsafe README, "Portable
/// mode"):
/// - the fast paths make a box with the runtime's `swift_allocBox` for a payload type known at
///   run time, and read a payload at its offset after the box's two-word header;
/// - the portable code lets the compiler do both, through ``IndirectCarrier``, a one-case
///   `indirect` enum of ReducerKit's own whose whole representation is that same reference: a
///   box is made by building a carrier, and a payload is read by matching one.
@usableFromInline
enum IndirectBox {
  /// A new box holding `payload`; the reference comes back retained once, owned by the caller
  /// (the enum value it is stored into).
  @inlinable
  static func make<Payload>(holding payload: Payload) -> UnsafeMutableRawPointer {
    #if REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64)))
      return withUnsafeTemporaryAllocation(of: IndirectCarrier<Payload>.self, capacity: 1) {
        carrier in
        carrier.baseAddress!.initialize(to: .payload(payload))
        // NB: the carrier is not deinitialized: its reference moves to the caller.
        return UnsafeRawPointer(carrier.baseAddress!).load(as: UnsafeMutableRawPointer.self)
      }
    #else
      let box = reducerkit_alloc_box(unsafeBitCast(Payload.self, to: UnsafeRawPointer.self))
      box.value.initializeMemory(as: Payload.self, repeating: payload, count: 1)
      return box.object
    #endif
  }

  /// A new box for a value of `type`, which `initialize` writes at the address it is given.
  static func make(
    of type: Any.Type, initializing initialize: (UnsafeMutableRawPointer) -> Void
  ) -> UnsafeMutableRawPointer {
    func make<Payload>(_: Payload.Type) -> UnsafeMutableRawPointer {
      #if REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64)))
        let payload = withUnsafeTemporaryAllocation(of: Payload.self, capacity: 1) { value in
          initialize(UnsafeMutableRawPointer(value.baseAddress!))
          return value.baseAddress!.move()
        }
        return IndirectBox.make(holding: payload)
      #else
        let box = reducerkit_alloc_box(unsafeBitCast(Payload.self, to: UnsafeRawPointer.self))
        initialize(box.value)
        return box.object
      #endif
    }
    return make(type)
  }

  /// A copy of the payload of type `Payload` in the box `box` refers to; the box is borrowed.
  @inlinable
  static func payload<Payload>(_: Payload.Type, inBox box: UnsafeRawPointer) -> Payload {
    #if REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64)))
      return withUnsafeTemporaryAllocation(of: IndirectCarrier<Payload>.self, capacity: 1) {
        carrier in
        // NB: a bitwise copy of the reference, which owns nothing: matched (which copies the
        // payload out, retained) and dropped, never released.
        UnsafeMutableRawPointer(carrier.baseAddress!).storeBytes(of: box, as: UnsafeRawPointer.self)
        switch carrier.baseAddress!.pointee {
        case .payload(let payload): return payload
        }
      }
    #else
      return payloadAddress(inBox: box, alignment: MemoryLayout<Payload>.alignment)
        .assumingMemoryBound(to: Payload.self).pointee
    #endif
  }

  /// Runs `body` with the address of the payload, of type `type`, in the box `box` refers to
  /// (or, in portable mode, of a copy of it); the box is borrowed.
  ///
  /// NB: with the fast paths the address is the end of the box's header, which `body` rounds up
  /// to the payload's alignment (``alignedPayloadAddress(_:alignment:)``), as it does for an
  /// inline payload: the payload type is known there, and opening `type` here to align would
  /// cost a generic call on every projection.
  static func withPayload<Result>(
    of type: Any.Type, inBox box: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    #if REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64)))
      func read<Payload>(_: Payload.Type) -> Result {
        withUnsafeTemporaryAllocation(of: Payload.self, capacity: 1) { value in
          value.baseAddress!.initialize(to: IndirectBox.payload(Payload.self, inBox: box))
          defer { value.baseAddress!.deinitialize(count: 1) }
          return body(UnsafeRawPointer(value.baseAddress!))
        }
      }
      return read(type)
    #else
      return body(box + headerSize)
    #endif
  }

  #if !(REDUCERKIT_PORTABLE || !(REDUCERKIT_FAST_PATHS || (os(Linux) && arch(x86_64))))
    /// The size of a box's header: two words, metadata and reference counts.
    @inlinable
    static var headerSize: Int { 2 * MemoryLayout<UnsafeRawPointer>.size }

    /// The payload's address: after the box's header, rounded up to the payload's alignment.
    @inlinable
    static func payloadAddress(inBox box: UnsafeRawPointer, alignment: Int) -> UnsafeRawPointer {
      alignedPayloadAddress(box + headerSize, alignment: alignment)
    }
  #endif
}

/// A one-case `indirect` enum whose representation is a reference to a box holding a `Payload`,
/// the same box any `indirect` case of a `Payload` refers to: the portable way to make and read
/// such boxes (see ``IndirectBox``).
@usableFromInline
indirect enum IndirectCarrier<Payload> {
  case payload(Payload)
}
