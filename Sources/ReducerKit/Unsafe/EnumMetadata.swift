/// Read-only access to the Swift runtime's metadata for enums: case tags, case names, payload types,
/// and payload projection without `Mirror`.
///
/// The layouts read here are the stable ABI of Swift 5 and later (value witness tables, nominal
/// type descriptors and reflection field records), the same data `Mirror` itself reads.
@usableFromInline
package struct EnumMetadata: @unchecked Sendable {
  // NB: @unchecked because it only wraps an immutable pointer to immutable runtime metadata.
  @usableFromInline
  package let pointer: UnsafeRawPointer

  @inlinable
  package init(unchecked type: Any.Type) {
    pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// Metadata for `type` when it is an enum (including `Optional`), otherwise `nil`.
  package init?(_ type: Any.Type) {
    self.init(unchecked: type)
    guard kind == MetadataKind.enum || kind == MetadataKind.optional else { return nil }
  }

  package var kind: Int { pointer.load(as: Int.self) }

  @inlinable
  var witnesses: UnsafePointer<EnumValueWitnessTable> {
    pointer.load(fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
      .assumingMemoryBound(to: EnumValueWitnessTable.self)
  }

  /// The tag of the case `value` holds: payload cases first, in declaration order, then empty ones.
  @inlinable
  package static func tag<Root>(of value: Root) -> UInt32 {
    let metadata = EnumMetadata(unchecked: Root.self)
    return withUnsafePointer(to: value) {
      metadata.witnesses.pointee.getEnumTag(UnsafeRawPointer($0), metadata.pointer)
    }
  }

  /// Tag of a value behind a raw pointer of this metadata's type.
  @inlinable
  package func tag(at value: UnsafeRawPointer) -> UInt32 {
    witnesses.pointee.getEnumTag(value, pointer)
  }

  /// Strips the tag from the value in place, leaving only the payload (or the indirect box).
  @inlinable
  func projectPayload(at value: UnsafeMutableRawPointer) {
    witnesses.pointee.destructiveProjectEnumData(value, pointer)
  }

  /// Puts a tag back on a value whose payload was projected.
  @inlinable
  func injectTag(_ tag: UInt32, at value: UnsafeMutableRawPointer) {
    witnesses.pointee.destructiveInjectEnumTag(value, tag, pointer)
  }

  var descriptor: UnsafeRawPointer {
    pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
  }

  var isGeneric: Bool { descriptor.load(as: UInt32.self) & 0x80 != 0 }

  /// Generic arguments follow the kind and descriptor words in value-type metadata.
  var genericArguments: UnsafeRawPointer? {
    isGeneric ? pointer + 2 * MemoryLayout<UnsafeRawPointer>.size : nil
  }

  /// Count of cases with a payload (they take the lowest tags).
  var payloadCaseCount: Int {
    Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
  }

  var emptyCaseCount: Int { Int(descriptor.load(fromByteOffset: 24, as: UInt32.self)) }

  /// The reflection field records of the enum, one per case, ordered by tag.
  var fieldRecords: UnsafeBufferPointer<FieldRecord>? {
    let fieldsField = descriptor + 16
    let offset = fieldsField.load(as: Int32.self)
    guard offset != 0 else { return nil }
    let fields = fieldsField + Int(offset)
    let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
    guard recordSize == MemoryLayout<FieldRecord>.size else { return nil }
    let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
    return UnsafeBufferPointer(
      start: (fields + 16).assumingMemoryBound(to: FieldRecord.self), count: count
    )
  }
}

/// The enum-specific tail of a value witness table.
@usableFromInline
struct EnumValueWitnessTable {
  @usableFromInline var initializeBufferWithCopyOfBuffer: UnsafeRawPointer
  @usableFromInline var destroy: UnsafeRawPointer
  @usableFromInline var initializeWithCopy: UnsafeRawPointer
  @usableFromInline var assignWithCopy: UnsafeRawPointer
  @usableFromInline var initializeWithTake: UnsafeRawPointer
  @usableFromInline var assignWithTake: UnsafeRawPointer
  @usableFromInline var getEnumTagSinglePayload: UnsafeRawPointer
  @usableFromInline var storeEnumTagSinglePayload: UnsafeRawPointer
  @usableFromInline var size: Int
  @usableFromInline var stride: Int
  @usableFromInline var flags: UInt32
  @usableFromInline var extraInhabitantCount: UInt32
  @usableFromInline var getEnumTag: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline var destructiveProjectEnumData:
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  @usableFromInline var destructiveInjectEnumTag:
    @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void
}

/// One reflection field record: for an enum, one case.
struct FieldRecord {
  var flags: UInt32
  var mangledTypeNameOffset: Int32
  var fieldNameOffset: Int32

  var isIndirectCase: Bool { flags & 0x1 != 0 }
}

extension UnsafePointer<FieldRecord> {
  var fieldName: String {
    let field = UnsafeRawPointer(self) + 8
    let offset = field.load(as: Int32.self)
    guard offset != 0 else { return "" }
    return String(cString: (field + Int(offset)).assumingMemoryBound(to: CChar.self))
  }

  /// The mangled name of the payload type, or `nil` for a case without payload.
  var mangledTypeName: UnsafePointer<UInt8>? {
    let field = UnsafeRawPointer(self) + 4
    let offset = field.load(as: Int32.self)
    guard offset != 0 else { return nil }
    return (field + Int(offset)).assumingMemoryBound(to: UInt8.self)
  }
}

enum MetadataKind {
  static let `struct` = 0x200
  static let `enum` = 0x201
  static let optional = 0x202
  static let tuple = 0x301
  static let function = 0x302
  static let existential = 0x303
  static let metatype = 0x304
}

/// Resolves a mangled type name found in reflection metadata, in the context of an enum.
///
/// NB: through the standard library's public `_getTypeByMangledNameInContext` (the runtime's
/// `swift_getTypeByMangledNameInContext`, which the compiler's own code calls to instantiate
/// types from mangled names): the one function that reads the symbolic references and generic
/// parameters these names hold. `_typeByName`, which takes a name as text, cannot: it finds no
/// type declared inside a function or `private` (measured here), and such names have no text.
func resolveMangledType(
  _ name: UnsafePointer<UInt8>, in metadata: EnumMetadata
) -> Any.Type? {
  _getTypeByMangledNameInContext(
    name, UInt(mangledNameLength(name)), genericContext: metadata.descriptor,
    genericArguments: metadata.genericArguments)
}

/// Mangled names may embed symbolic references (a control byte and a relative or absolute
/// pointer), which can contain zero bytes, so `strlen` is not enough.
func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
  var index = 0
  while true {
    let byte = name[index]
    switch byte {
    case 0:
      return index
    case 0x01...0x17:
      index += 1 + 4
    case 0x18...0x1F:
      index += 1 + MemoryLayout<UnsafeRawPointer>.size
    default:
      index += 1
    }
  }
}

/// True when a mangled payload type is exactly one generic parameter (`x`, `q_`, `qd__`, …), so
/// the payload is stored at the most general abstraction.
func isGenericParameterMangling(_ name: UnsafePointer<UInt8>) -> Bool {
  let length = mangledNameLength(name)
  let text = String(decoding: UnsafeBufferPointer(start: name, count: length), as: UTF8.self)
  if text == "x" { return true }
  guard text.first == "q", text.last == "_" else { return false }
  return text.allSatisfy { $0 == "q" || $0 == "d" || $0 == "_" || $0.isNumber }
}
