// Platform lint: fails on an API that exists on only some of the platforms Package.swift declares
// when it is used outside an `#if` that keeps it to those platforms.
//
//   swiftc -O .ci/PlatformLint.swift -o /tmp/platform-lint && /tmp/platform-lint Sources Tests
//
// Every `#if` around a use is evaluated for each platform (its `os(…)`, `canImport(…)`,
// `targetEnvironment(…)` facts; anything else, such as `arch(…)`, `compiler(…)` or a `-D` flag,
// counts as either value, but for the REDUCERKIT_TYPECHECK_… flags only CI's type-check sets,
// which count as false). A use is fine when each platform on which its code can be compiled has
// the API.
//
// The APIs it knows, and where their availability is documented:
// - Foundation's `Process`, `FileManager.homeDirectoryForCurrentUser` and
//   `homeDirectory(forUser:)`: macOS only among Apple's platforms (Apple's Foundation reference,
//   "Availability": macOS 10.0+ / 10.12+ and Mac Catalyst), and in swift-corelibs-foundation on
//   Linux.
// - AppKit's `NSWorkspace` and `NSApplication`, Foundation's `Host`: macOS (Apple's AppKit and
//   Foundation references).
// - UIKit's `UIApplication`: iOS, iPadOS, Mac Catalyst, tvOS and visionOS; not watchOS or macOS
//   (Apple's UIKit reference).
// - WatchKit's `WKApplication` and `WKExtension`: watchOS (Apple's WatchKit reference).
// - XCTest's `XCTExpectFailure`: Apple's XCTest (macOS, iOS, tvOS, watchOS, visionOS); the
//   swift-corelibs-xctest of Linux has no expected failures (its public interface).
import Foundation

enum Platform: String, CaseIterable {
  case macOS, iOS, tvOS, watchOS, visionOS, Linux

  var isApple: Bool { self != .Linux }

  /// Modules `canImport` finds on the platform.
  func canImport(_ module: String) -> Bool? {
    switch module {
    case "Darwin", "SwiftUI", "Combine", "OSLog", "os", "ObjectiveC", "CoreFoundation":
      return module == "CoreFoundation" ? true : isApple
    case "UIKit": return self == .iOS || self == .tvOS || self == .visionOS || self == .watchOS
    case "AppKit": return self == .macOS
    case "WatchKit": return self == .watchOS
    case "Glibc": return self == .Linux
    case "Musl", "WinSDK", "Android", "Bionic": return false
    case "Foundation", "Dispatch", "XCTest", "Testing", "Synchronization", "Observation": return true
    default: return nil
    }
  }
}

/// A platform-limited API: how a use looks, where it exists, and the documentation that says so.
struct LimitedAPI {
  let name: String
  let pattern: NSRegularExpression
  let platforms: Set<Platform>
  let advice: String

  init(_ name: String, _ pattern: String, _ platforms: Set<Platform>, advice: String) {
    self.name = name
    self.pattern = try! NSRegularExpression(pattern: pattern)
    self.platforms = platforms
    self.advice = advice
  }
}

let limitedAPIs = [
  LimitedAPI(
    "Foundation's Process", #"\bProcess\s*\("#, [.macOS, .Linux],
    advice: "#if os(macOS) || os(Linux)"),
  LimitedAPI(
    "FileManager.homeDirectoryForCurrentUser", #"\bhomeDirectoryForCurrentUser\b"#,
    [.macOS, .Linux], advice: "#if os(macOS) || os(Linux)"),
  LimitedAPI(
    "FileManager.homeDirectory(forUser:)", #"\bhomeDirectory\(forUser:"#, [.macOS, .Linux],
    advice: "#if os(macOS) || os(Linux)"),
  LimitedAPI("AppKit's NSWorkspace", #"\bNSWorkspace\b"#, [.macOS], advice: "#if canImport(AppKit)"),
  LimitedAPI(
    "AppKit's NSApplication", #"\bNSApplication\b"#, [.macOS], advice: "#if canImport(AppKit)"),
  LimitedAPI("Foundation's Host", #"\bHost\.current\b"#, [.macOS], advice: "#if os(macOS)"),
  LimitedAPI(
    "UIKit's UIApplication", #"\bUIApplication\b"#, [.iOS, .tvOS, .visionOS],
    advice: "#if canImport(UIKit) && !os(watchOS)"),
  LimitedAPI(
    "WatchKit's WKApplication", #"\bWK(Application|Extension)\b"#, [.watchOS],
    advice: "#if os(watchOS)"),
  LimitedAPI(
    "XCTest's XCTExpectFailure", #"\bXCTExpectFailure\s*\("#,
    [.macOS, .iOS, .tvOS, .watchOS, .visionOS], advice: "#if canImport(Darwin)"),
]

// MARK: Conditions

indirect enum Condition {
  case atom(String, String)  // name, argument: os(iOS), canImport(UIKit), FLAG()
  case not(Condition)
  case and(Condition, Condition)
  case or(Condition, Condition)
  case constant(Bool)

  /// The value on `platform`: true, false, or nil when it depends on something else.
  func value(on platform: Platform) -> Bool? {
    switch self {
    case .constant(let value): return value
    case .not(let condition): return condition.value(on: platform).map { !$0 }
    case .and(let left, let right):
      let (l, r) = (left.value(on: platform), right.value(on: platform))
      if l == false || r == false { return false }
      return l == true && r == true ? true : nil
    case .or(let left, let right):
      let (l, r) = (left.value(on: platform), right.value(on: platform))
      if l == true || r == true { return true }
      return l == false && r == false ? false : nil
    case .atom(let name, let argument):
      switch name {
      case "os":
        if argument == "Linux" { return platform == .Linux }
        if argument == "xrOS" { return platform == .visionOS }
        if let other = Platform(rawValue: argument) { return platform == other }
        return false  // Windows, Android, FreeBSD…: none of the declared platforms
      case "canImport":
        let module = argument.split(separator: ",").first.map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        return module.flatMap(platform.canImport)
      case "targetEnvironment":
        return argument == "macCatalyst" ? (platform == .iOS ? nil : false) : nil
      default:
        return nil
      }
    }
  }
}

/// Parses the condition of an `#if` or `#elseif`.
struct ConditionParser {
  private var tokens: [String]
  private var index = 0

  init(_ text: String) {
    var tokens: [String] = []
    var current = ""
    var depth = 0
    for character in text {
      if depth > 0 {
        current.append(character)
        if character == "(" { depth += 1 }
        if character == ")" {
          depth -= 1
          if depth == 0 {
            tokens.append(current)
            current = ""
          }
        }
        continue
      }
      switch character {
      case "(" where !current.isEmpty:
        current.append(character)
        depth = 1
      case "(", ")", "!":
        if !current.isEmpty { tokens.append(current) }
        current = ""
        tokens.append(String(character))
      case "&", "|":
        if !current.isEmpty, current != "&", current != "|" {
          tokens.append(current)
          current = ""
        }
        current.append(character)
        if current.count == 2 {
          tokens.append(current)
          current = ""
        }
      case " ", "\t":
        if !current.isEmpty { tokens.append(current) }
        current = ""
      default:
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    self.tokens = tokens
  }

  mutating func parse() -> Condition {
    let condition = parseOr()
    return condition
  }

  private mutating func next() -> String? {
    guard index < tokens.count else { return nil }
    defer { index += 1 }
    return tokens[index]
  }

  private func peek() -> String? { index < tokens.count ? tokens[index] : nil }

  private mutating func parseOr() -> Condition {
    var left = parseAnd()
    while peek() == "||" {
      _ = next()
      left = .or(left, parseAnd())
    }
    return left
  }

  private mutating func parseAnd() -> Condition {
    var left = parseUnary()
    while peek() == "&&" {
      _ = next()
      left = .and(left, parseUnary())
    }
    return left
  }

  private mutating func parseUnary() -> Condition {
    guard let token = next() else { return .atom("", "") }
    switch token {
    case "!": return .not(parseUnary())
    case "(":
      let inner = parseOr()
      _ = next()  // ")"
      return inner
    case "true": return .constant(true)
    case "false": return .constant(false)
    default:
      guard let open = token.firstIndex(of: "("), token.last == ")" else {
        // NB: a -D flag counts as either value, except REDUCERKIT_TYPECHECK_…, which only
        // .ci/swiftui-typecheck sets (to compile Apple-only code against a transcription): no
        // build a user makes has it, so it is false.
        if token.hasPrefix("REDUCERKIT_TYPECHECK_") { return .constant(false) }
        return .atom(token, "")
      }
      let name = String(token[..<open])
      let argument = String(token[token.index(after: open)..<token.index(before: token.endIndex)])
      return .atom(name, argument.trimmingCharacters(in: .whitespaces))
    }
  }
}

// MARK: Files

struct Violation: CustomStringConvertible {
  let file: String
  let line: Int
  let api: LimitedAPI
  let reached: [Platform]

  var description: String {
    let places = reached.map(\.rawValue).joined(separator: ", ")
    let has = Platform.allCases.filter(api.platforms.contains).map(\.rawValue)
      .joined(separator: ", ")
    return """
      \(file):\(line): error: \(api.name) exists on \(has) only, but this line is compiled for \
      \(places) too. Put it behind "\(api.advice)", with an alternative for the other platforms.
      """
  }
}

/// `line` without its comments (`//` to the end, `/* … */`, which may span lines); string
/// literals are kept, so a `//` inside one (a URL) is not taken for a comment.
func code(of line: String, inBlockComment: inout Bool) -> String {
  var result = ""
  var inString = false
  var index = line.startIndex
  while index < line.endIndex {
    let rest = line[index...]
    if inBlockComment {
      if rest.hasPrefix("*/") {
        inBlockComment = false
        index = line.index(index, offsetBy: 2)
      } else {
        index = line.index(after: index)
      }
      continue
    }
    if !inString, rest.hasPrefix("//") { break }
    if !inString, rest.hasPrefix("/*") {
      inBlockComment = true
      index = line.index(index, offsetBy: 2)
      continue
    }
    let character = line[index]
    if character == "\\", inString, line.index(after: index) < line.endIndex {
      result.append(character)
      index = line.index(after: index)
      result.append(line[index])
      index = line.index(after: index)
      continue
    }
    if character == "\"" { inString.toggle() }
    result.append(character)
    index = line.index(after: index)
  }
  return result
}

/// The platform-limited APIs used in `text` where some platform without them compiles the line.
func violations(in text: String, file: String) -> [Violation] {
  // Each open `#if`: the conditions of its earlier branches, and the branch being read.
  var stack: [(earlier: [Condition], current: Condition)] = []
  var found: [Violation] = []
  var inBlockComment = false
  for (offset, rawLine) in text.components(separatedBy: "\n").enumerated() {
    let line = code(of: rawLine, inBlockComment: &inBlockComment)
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("#if ") {
      var parser = ConditionParser(String(trimmed.dropFirst(4)))
      stack.append(([], parser.parse()))
      continue
    }
    if trimmed.hasPrefix("#elseif ") {
      var parser = ConditionParser(String(trimmed.dropFirst(8)))
      if var frame = stack.popLast() {
        frame.earlier.append(frame.current)
        frame.current = parser.parse()
        stack.append(frame)
      }
      continue
    }
    if trimmed == "#else" {
      if var frame = stack.popLast() {
        frame.earlier.append(frame.current)
        frame.current = .constant(true)
        stack.append(frame)
      }
      continue
    }
    if trimmed.hasPrefix("#endif") {
      _ = stack.popLast()
      continue
    }
    let range = NSRange(trimmed.startIndex..., in: trimmed)
    for api in limitedAPIs where api.pattern.firstMatch(in: trimmed, range: range) != nil {
      let reached = Platform.allCases.filter { platform in
        !api.platforms.contains(platform)
          && stack.allSatisfy { frame in
            frame.current.value(on: platform) != false
              && frame.earlier.allSatisfy { $0.value(on: platform) != true }
          }
      }
      if !reached.isEmpty {
        found.append(Violation(file: file, line: offset + 1, api: api, reached: reached))
      }
    }
  }
  return found
}

// MARK: Main

var all: [Violation] = []
var checked = 0
for root in CommandLine.arguments.dropFirst() {
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
    FileHandle.standardError.write(Data("error: \(root): no such file or directory\n".utf8))
    exit(2)
  }
  let files =
    isDirectory.boolValue
    ? (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".swift") }.map { "\(root)/\($0)" }.sorted() : [root]
  for file in files {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
    checked += 1
    all += violations(in: text, file: file)
  }
}
for violation in all { print(violation) }
if all.isEmpty {
  print("platform lint: \(checked) files, no platform-limited API outside a limiting #if")
  exit(0)
}
print("platform lint: \(all.count) use\(all.count == 1 ? "" : "s") to fix")
exit(1)
