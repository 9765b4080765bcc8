#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A user mistake the library detected and survived: a child action while the child was nil, an
/// effect error nobody handled, an unimplemented dependency that was called.
package struct RuntimeWarning: Sendable {
  package var message: String
  package var fileID: StaticString
  package var filePath: StaticString
  package var line: UInt
  package var column: UInt

  package init(
    message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Where runtime warnings go. Outside tests they are written to standard error; ReducerKitTesting
/// installs a handler that turns them into test failures (Swift Testing or XCTest).
package enum RuntimeWarnings {
  private static let handler = LockedState<(@Sendable (RuntimeWarning) -> Void)?>(nil)

  /// Installs the process-wide handler; `nil` restores standard error.
  package static func install(_ newHandler: (@Sendable (RuntimeWarning) -> Void)?) {
    handler.withLock { $0 = newHandler }
  }

  package static var isHandlerInstalled: Bool { handler.withLock { $0 != nil } }

  /// Where the warnings of the current task go instead, while a test examines them.
  @TaskLocal package static var capture: (@Sendable (RuntimeWarning) -> Void)?

  static func deliver(_ warning: RuntimeWarning) {
    if let capture {
      capture(warning)
    } else if let handler = handler.withLock({ $0 }) {
      handler(warning)
    } else {
      writeToStandardError(warning)
    }
  }

  package static func writeToStandardError(_ warning: RuntimeWarning) {
    let text = "[ReducerKit] \(warning.fileID):\(warning.line): warning: \(warning.message)\n"
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
      var bytes = Array(text.utf8)
      _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    #else
      print(text, terminator: "")
    #endif
  }
}

/// Reports a runtime warning at the given source location.
///
/// NB: the four location literals are separate parameters on purpose: a defaulted location struct
/// would record this file's line, not the caller's.
package func reportRuntimeWarning(
  _ message: @autoclosure () -> String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  RuntimeWarnings.deliver(
    RuntimeWarning(
      message: message(), fileID: fileID, filePath: filePath, line: line, column: column
    )
  )
}

/// A captured call site, for warnings reported later than the call that caused them.
@usableFromInline
// NB: a class, so that operators, which keep one for their warnings, stay small: reducer values
// are copied onto the stack on every call, and a site is 48 bytes of cold data.
package final class SourceSite: Sendable {
  package let site: CallSite

  @usableFromInline
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  package init(_ site: CallSite) {
    self.site = site
  }

  package var fileID: StaticString { site.fileID }
  package var filePath: StaticString { site.filePath }
  package var line: UInt { site.line }
  package var column: UInt { site.column }
}

/// A call site held inline: for values made often and reported rarely (every `.run` effect has
/// one), where a ``SourceSite`` would cost an allocation each time.
@usableFromInline
package struct CallSite: Sendable {
  package let fileID: StaticString
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  @usableFromInline
  package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The site as warnings take it.
  package var sourceSite: SourceSite { SourceSite(self) }
}

/// Reports a runtime warning at a captured call site.
package func reportRuntimeWarning(_ message: @autoclosure () -> String, at site: SourceSite) {
  reportRuntimeWarning(
    message(), fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
  )
}
