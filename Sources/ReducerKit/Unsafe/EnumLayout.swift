/// The cases of an enum type, read once from runtime metadata and cached per type.
package final class EnumLayout: Sendable {
  package struct Case: Sendable {
    package let name: String
    package let isIndirect: Bool
    /// The payload type (a tuple for several associated values), `nil` for a case without one.
    package let payloadType: Any.Type?
    /// The payload was declared as a bare generic parameter, so it is stored at the most general
    /// abstraction, exactly as generic code reads it.
    let isPayloadDeclaredGeneric: Bool
  }

  package let metadata: EnumMetadata
  package let cases: [Case]

  private init(metadata: EnumMetadata, cases: [Case]) {
    self.metadata = metadata
    self.cases = cases
  }

  private static let cache = LockedState<[ObjectIdentifier: EnumLayout]>([:])

  /// The layout of `type`, or `nil` when `type` is not an enum.
  package static func of(_ type: Any.Type) -> EnumLayout? {
    let key = ObjectIdentifier(type)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    guard let metadata = EnumMetadata(type), let records = metadata.fieldRecords else {
      return nil
    }
    var cases: [Case] = []
    cases.reserveCapacity(records.count)
    for index in records.indices {
      let record = records.baseAddress! + index
      let mangled = record.mangledTypeName
      cases.append(
        Case(
          name: record.fieldName,
          isIndirect: record.pointee.isIndirectCase,
          payloadType: mangled.flatMap { resolveMangledType($0, in: metadata) },
          isPayloadDeclaredGeneric: mangled.map(isGenericParameterMangling) ?? false
        )
      )
    }
    let layout = EnumLayout(metadata: metadata, cases: cases)
    return cache.withLock { cache in
      if let existing = cache[key] { return existing }
      cache[key] = layout
      return layout
    }
  }

  /// The case a value of this enum holds.
  package func caseIndex<Root>(of root: Root) -> Int {
    Int(EnumMetadata.tag(of: root))
  }

  /// The case name and the payload (as `Any`) of an enum value.
  package func destructure<Root>(_ root: Root) -> (name: String, payload: Any?) {
    let tag = EnumMetadata.tag(of: root)
    guard Int(tag) < cases.count else { return ("\(tag)", nil) }
    let info = cases[Int(tag)]
    guard let payloadType = info.payloadType else { return (info.name, nil) }
    let payload = withProjectedPayload(
      of: root, tag: tag, payloadType: payloadType, indirect: info.isIndirect
    ) { address in
      loadAny(payloadType, from: address, declaredGeneric: info.isPayloadDeclaredGeneric)
    }
    return (info.name, payload)
  }

  /// The element of a one-element tuple (a single labelled associated value), else `value`.
  package static func unwrappingSingleElementTuple(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return value }
    return mirror.children.first!.value
  }

  /// Projects the payload of `root` (which holds case `tag`, with a payload of `payloadType`)
  /// and hands its address to `body`.
  func withProjectedPayload<Root, Result>(
    of root: Root, tag: UInt32, payloadType: Any.Type, indirect: Bool,
    _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: Root.self, capacity: 1) { buffer in
      let address = UnsafeMutableRawPointer(buffer.baseAddress!)
      buffer.baseAddress!.initialize(to: root)
      metadata.projectPayload(at: address)
      let result =
        indirect
        ? IndirectBox.withPayload(
          of: payloadType, inBox: address.load(as: UnsafeRawPointer.self), body)
        : body(UnsafeRawPointer(address))
      metadata.injectTag(tag, at: address)
      buffer.baseAddress!.deinitialize(count: 1)
      return result
    }
  }
}

/// Loads a value of a dynamically known type as `Any`. Thin metatypes, which take no storage in a
/// concrete payload, are rebuilt from their metadata instead of being read.
func loadAny(_ type: Any.Type, from address: UnsafeRawPointer, declaredGeneric: Bool) -> Any {
  func load<T>(_: T.Type) -> Any {
    let aligned = alignedPayloadAddress(address, alignment: MemoryLayout<T>.alignment)
    if !declaredGeneric, let metatype = thinMetatypeValue(T.self) { return metatype }
    return aligned.assumingMemoryBound(to: T.self).pointee
  }
  return load(type)
}

/// Payload addresses are aligned already for direct payloads; an indirect box's header is 16
/// bytes, so only payloads aligned beyond that need rounding.
@inlinable
func alignedPayloadAddress(_ address: UnsafeRawPointer, alignment: Int) -> UnsafeRawPointer {
  let bits = UInt(bitPattern: address)
  let mask = UInt(alignment - 1)
  return UnsafeRawPointer(bitPattern: (bits + mask) & ~mask)!
}

/// For a metatype of a non-class type (`Int.Type`), the value itself: such metatypes are "thin"
/// (zero bytes) when stored at their concrete type, so there is nothing to read.
func thinMetatypeValue<T>(_: T.Type) -> T? {
  let metadata = EnumMetadata(unchecked: T.self)
  guard metadata.kind == MetadataKind.metatype else { return nil }
  let instance = metadata.pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
  let instanceKind = UnsafeRawPointer(bitPattern: instance)!.load(as: Int.self)
  let isThin = [
    MetadataKind.struct, MetadataKind.enum, MetadataKind.optional, MetadataKind.tuple,
    MetadataKind.function,
  ].contains(instanceKind)
  guard isThin, MemoryLayout<T>.size == MemoryLayout<Int>.size else { return nil }
  return unsafeBitCast(instance, to: T.self)
}

/// Whether a payload of type `type`, stored at its concrete abstraction, can be read by generic
/// code as-is. Closures are stored with a concrete calling convention that generic code cannot
/// call; only closures without parameters and without a result share it.
func isAbstractionSafe(_ type: Any.Type) -> Bool {
  let metadata = EnumMetadata(unchecked: type)
  switch metadata.kind {
  case MetadataKind.function:
    let flags = metadata.pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: UInt.self)
    let result = metadata.pointer.load(
      fromByteOffset: 2 * MemoryLayout<Int>.size, as: UnsafeRawPointer.self
    )
    return flags & 0xFFFF == 0 && result == unsafeBitCast(Void.self, to: UnsafeRawPointer.self)
  case MetadataKind.tuple:
    let count = metadata.pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
    for index in 0..<count {
      let element = metadata.pointer.load(
        fromByteOffset: 3 * MemoryLayout<Int>.size + index * 2 * MemoryLayout<Int>.size,
        as: UnsafeRawPointer.self
      )
      if !isAbstractionSafe(unsafeBitCast(element, to: Any.Type.self)) { return false }
    }
    return true
  case MetadataKind.optional:
    let wrapped = metadata.pointer.load(
      fromByteOffset: 2 * MemoryLayout<Int>.size, as: UnsafeRawPointer.self
    )
    return isAbstractionSafe(unsafeBitCast(wrapped, to: Any.Type.self))
  case MetadataKind.metatype:
    func check<T>(_: T.Type) -> Bool { thinMetatypeValue(T.self) == nil }
    return check(type)
  default:
    return true
  }
}

/// Two payload types match when they are identical, or both tuples of the same element types
/// (a case constructor `(A, B) -> Root` sees `(A, B)` where the case stores `(a: A, b: B)`).
func payloadTypesMatch(_ declared: Any.Type, _ expected: Any.Type) -> Bool {
  if declared == expected { return true }
  let lhs = EnumMetadata(unchecked: declared)
  let rhs = EnumMetadata(unchecked: expected)
  // A single labelled associated value (`case popFrom(id: ID)`) is stored as a one-element
  // tuple, laid out exactly like its element.
  if lhs.kind == MetadataKind.tuple, rhs.kind != MetadataKind.tuple,
    lhs.pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self) == 1
  {
    let element = lhs.pointer.load(
      fromByteOffset: 3 * MemoryLayout<Int>.size, as: UnsafeRawPointer.self
    )
    return element == unsafeBitCast(expected, to: UnsafeRawPointer.self)
  }
  guard lhs.kind == MetadataKind.tuple, rhs.kind == MetadataKind.tuple else { return false }
  let count = lhs.pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)
  guard count == rhs.pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self) else {
    return false
  }
  for index in 0..<count {
    let offset = 3 * MemoryLayout<Int>.size + index * 2 * MemoryLayout<Int>.size
    let left = lhs.pointer.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
    let right = rhs.pointer.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
    if left != right { return false }
  }
  return true
}
