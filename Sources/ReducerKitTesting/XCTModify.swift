import ReducerKit

// swift-format-ignore: AlwaysUseLowerCamelCase
// NB: named in XCTest's fashion, as TCA's (swift-case-paths') is; works in Swift Testing too.
/// Expects `optional` to hold a value, and changes it in place with `body`; fails the test when
/// it is `nil`, or when `body` leaves an `Equatable` value as it was (except in the assertion of
/// a non-exhaustive test store, as TCA's).
///
/// ```swift
/// await store.send(.editTapped) {
///   XCTModify(&$0.editor) { $0.isEditing = true }
/// }
/// ```
public func XCTModify<Wrapped>(
  _ optional: inout Wrapped?,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Wrapped) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  guard var value = optional else {
    return recordTestFailure(
      modifyFailure(
        "expected a value of type \"\(typeName(Wrapped.self))\", but it is nil", message()),
      at: site)
  }
  guard modifying(&value, message(), body, at: site) else { return }
  optional = value
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Expects `enum` to hold the case `embed` builds, and changes its payload in place with
/// `body`; fails the test when it holds another case, or when `body` leaves an `Equatable`
/// payload as it was.
///
/// ```swift
/// XCTModify(&$0.destination, case: Destination.State.editor) { $0.text = "Milk" }
/// ```
public func XCTModify<Enum, Case>(
  _ enum: inout Enum,
  case embed: @escaping @Sendable (Case) -> Enum,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  modifyCase(
    &`enum`, AnyCasePath(embed), message(), body,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Expects `enum` to hold the case `pattern` names, as TCA writes it with a case key path. A
/// pattern carries the case's name, not its payload's type, so the closure says it:
///
/// ```swift
/// XCTModify(&$0.destination, case: \.editor) { (editor: inout Editor.State) in
///   editor.text = "Milk"
/// }
/// ```
///
/// (TCA's `{ $0.text = "Milk" }` does not compile here: "cannot infer type of closure
/// parameter"; give the parameter its type, or use the case's constructor,
/// `case: Destination.State.editor`.)
public func XCTModify<Enum, Case>(
  _ enum: inout Enum,
  case pattern: KeyPath<CasePattern<Enum>, CasePattern<Enum>>,
  _ message: @autoclosure () -> String = "",
  _ body: (inout Case) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  // NB: a pattern naming no case with a `Case` payload is reported by the path itself.
  guard
    let path = AnyCasePath<Enum, Case>(
      pattern, fileID: fileID, filePath: filePath, line: line, column: column)
  else { return }
  modifyCase(
    &`enum`, path, message(), body,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

private func modifyCase<Enum, Case>(
  _ root: inout Enum, _ path: AnyCasePath<Enum, Case>, _ message: String,
  _ body: (inout Case) throws -> Void, at site: CallSite
) {
  guard var value = path.extract(from: root) else {
    return recordTestFailure(
      modifyFailure(
        """
        expected \(typeName(Enum.self)) to hold a case with a payload of type \
        "\(typeName(Case.self))", but it holds another:

        \(customDump(root, indent: 2))
        """, message),
      at: site)
  }
  guard modifying(&value, message, body, at: site) else { return }
  root = path.embed(value)
}

/// Runs `body` on `value`; `false` (after a failure) when it threw or, for an `Equatable`
/// value, changed nothing.
private func modifying<Value>(
  _ value: inout Value, _ message: String, _ body: (inout Value) throws -> Void,
  at site: CallSite
) -> Bool {
  let before = value
  do {
    try body(&value)
  } catch {
    recordTestFailure(modifyFailure("its closure threw an error: \(error)", message), at: site)
    return false
  }
  if ModifyChecks.failsOnUnchangedValue, isEqualValue(before, value) == true {
    recordTestFailure(
      modifyFailure(
        "the \(typeName(Value.self)) it was given was left as it was; change it in the closure, "
          + "or drop the XCTModify", message),
      at: site)
    return false
  }
  return true
}

/// Whether an `XCTModify` that leaves its value as it was fails: not inside the assertion of a
/// non-exhaustive test store, where an assertion may restate what is already so (as TCA's).
enum ModifyChecks {
  @TaskLocal static var failsOnUnchangedValue = true
}

private func modifyFailure(_ what: String, _ message: String) -> String {
  "\"XCTModify\" failed: \(what)" + (message.isEmpty ? "" : "\n\n\(message)")
}

/// Whether two values are equal, when their type is `Equatable`; `nil` otherwise.
private func isEqualValue(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  func equals<Value: Equatable>(_ lhs: Value) -> Bool { (rhs as? Value) == lhs }
  return equals(lhs)
}
