/// How to build a value of a type known only at run time, written into uninitialized memory:
/// an enum case with its payload, a tuple element by element, or a value given whole.
///
/// Made by ``CasePattern/embed(_:)`` only after every type along the way was checked, so
/// performing it cannot fail.
indirect enum ValueConstruction {
  /// `value`, whose dynamic type has the layout of the slot it is written to.
  case value(Any)
  /// The case with `tag` of the enum `metadata` describes, its payload written first.
  case enumCase(EnumMetadata, tag: UInt32, payload: ValueConstruction?)
  /// Each element at its byte offset in the tuple.
  case tuple([(offset: Int, element: ValueConstruction)])
  /// A value of a type the construction was made for, written at that type (an existential).
  case write((UnsafeMutableRawPointer) -> Void)
  /// The payload of an `indirect` case: a box for a value of the type, with the value built in
  /// it, written as the reference to the box.
  case boxed(Any.Type, ValueConstruction)

  /// Initializes the memory at `address` (sized and aligned for the value) with the value.
  func perform(at address: UnsafeMutableRawPointer) {
    switch self {
    case .value(let value):
      // NB: the value's dynamic type is opened (a metatype argument always is), and the value
      // cast out of its box to it: passed as `Any` to a generic parameter, the box itself would
      // be written (a generic parameter binds to `Any` rather than opening it).
      func store<Value>(_: Value.Type) {
        address.initializeMemory(as: Value.self, repeating: value as! Value, count: 1)
      }
      let dynamicType: Any.Type = Swift.type(of: value)
      store(dynamicType)
    case .enumCase(let metadata, let tag, let payload):
      // NB: as generic code builds an enum: the payload in place at the start of the value,
      // then the tag (which, for a case without payload, initializes the whole value).
      payload?.perform(at: address)
      metadata.injectTag(tag, at: address)
    case .tuple(let elements):
      for (offset, element) in elements { element.perform(at: address + offset) }
    case .write(let write):
      write(address)
    case .boxed(let type, let content):
      // NB: the box the compiler makes for an indirect payload; the enum owns the reference.
      let box = IndirectBox.make(of: type) { content.perform(at: $0) }
      address.storeBytes(of: box, as: UnsafeMutableRawPointer.self)
    }
  }

  /// The value of type `Root` this builds.
  func make<Root>(_: Root.Type) -> Root {
    withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
      perform(at: UnsafeMutableRawPointer(buffer.baseAddress!))
      return buffer.baseAddress!.move()
    }
  }
}

/// A function building the case with `tag` of the enum `Root` from its payload, as the case's
/// constructor would: the payload written at the start of the value (or, for an `indirect` case,
/// into a box the value refers to), then the tag put on.
///
/// NB: for a case found by name at run time (a case pattern given to an operator), where no
/// constructor is at hand; the caller checked that the case's payload is a `Payload`. Inlinable,
/// to be specialized for the app's types (see `AnyCasePath.caseConstructor(tag:isIndirect:)`).
@inlinable
func caseConstructor<Root, Payload>(
  of _: Root.Type, tag: UInt32, payload _: Payload.Type, isIndirect: Bool
) -> @Sendable (Payload) -> Root {
  let metadata = EnumMetadata(unchecked: Root.self)
  return { payload in
    withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
      let address = UnsafeMutableRawPointer(buffer.baseAddress!)
      if isIndirect {
        address.storeBytes(
          of: IndirectBox.make(holding: payload), as: UnsafeMutableRawPointer.self)
      } else {
        address.initializeMemory(as: Payload.self, repeating: payload, count: 1)
      }
      metadata.injectTag(tag, at: address)
      return buffer.baseAddress!.move()
    }
  }
}

/// The element types and byte offsets of a tuple type, or `nil` for a type that is not a tuple.
///
/// NB: the offsets are computed (each element after the previous one, at its alignment, as the
/// compiler lays tuples out), not read from the tuple's metadata: under AddressSanitizer, a tuple
/// type first met on two threads at once was seen with its offsets not yet written (ASan's fill
/// pattern), though its element types were.
func tupleElements(_ type: Any.Type) -> [(type: Any.Type, offset: Int)]? {
  guard let types = tupleElementTypes(type) else { return nil }
  var end = 0
  return types.map { elementType in
    func layout<Element>(_: Element.Type) -> (size: Int, alignment: Int) {
      (MemoryLayout<Element>.size, MemoryLayout<Element>.alignment)
    }
    let (size, alignment) = layout(elementType)
    let offset = (end + alignment - 1) / alignment * alignment
    end = offset + size
    return (elementType, offset)
  }
}

/// The element types of a tuple type, or `nil` for a type that is not a tuple.
func tupleElementTypes(_ type: Any.Type) -> [Any.Type]? {
  let metadata = EnumMetadata(unchecked: type)
  guard metadata.kind == MetadataKind.tuple else { return nil }
  let word = MemoryLayout<Int>.size
  let count = metadata.pointer.load(fromByteOffset: word, as: Int.self)
  return (0..<count).map { index in
    unsafeBitCast(
      metadata.pointer.load(fromByteOffset: 3 * word + index * 2 * word, as: UnsafeRawPointer.self),
      to: Any.Type.self)
  }
}
