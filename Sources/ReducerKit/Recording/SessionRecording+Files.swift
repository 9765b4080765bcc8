import Foundation

extension SessionRecording {
  /// Writes the recording to `url` as JSON, to read back with ``init(contentsOf:)`` (for
  /// instance in a test that replays it).
  ///
  /// States and actions must be `Codable`. When one is not, nothing is written and the error
  /// names the type.
  public func write(to url: URL) throws {
    try encoded(withTestSource: true).write(to: url, options: .atomic)
  }

  /// A copy holding its states' shared values by value, as read back from a file: what a replay
  /// changes cannot reach the shared values of the session that was recorded, and each step
  /// compares as it was. Throws as ``write(to:)`` does.
  package func byValue() throws -> SessionRecording
  where State: Decodable, Action: Decodable {
    try SessionRecording(data: try encoded(withTestSource: false), source: "a recording in memory")
  }

  /// The recording as its file holds it; with the reducer-alone test of it, for
  /// `reducerkit-session test`, when `withTestSource`.
  private func encoded(withTestSource: Bool) throws -> Data {
    for type in [State.self, Action.self] as [Any.Type] where !(type is any Encodable.Type) {
      throw SessionRecordingError.notCodable(String(reflecting: type))
    }
    let (initialState, initialStep, steps, effects, duration) = snapshot()
    /// `value`, encoded with its shared values as they were at `sharedStep`.
    func erased(_ value: Any, sharedStep: Int) throws -> AnyEncodable {
      let reading: (() throws -> Void) throws -> Void = { encode in
        try self.withSharedValues(asOf: sharedStep, encode)
      }
      guard let erased = AnyEncodable(value, reading: reading) else {
        throw SessionRecordingError.notCodable(String(reflecting: type(of: value)))
      }
      return erased
    }
    let file = SessionFile(
      format: SessionFileFormat.name, version: SessionFileFormat.version,
      stateType: String(reflecting: State.self), actionType: String(reflecting: Action.self),
      duration: duration, initialState: try erased(initialState, sharedStep: initialStep),
      steps: try steps.map { step in
        let sharedStep = Self.sharedStep(of: step)
        return SessionFileStep(
          index: step.index, action: try erased(step.action, sharedStep: sharedStep),
          origin: step.origin, time: step.time,
          state: try erased(step.state, sharedStep: sharedStep))
      },
      effects: effects, testSource: withTestSource ? defaultTestSourceParts() : nil)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(file)
  }
}

extension SessionRecording where State: Decodable, Action: Decodable {
  /// Reads a recording written by ``write(to:)``. It records nothing more.
  ///
  /// Throws ``SessionRecordingError`` when the file is not a recording, or when it records
  /// states or actions of other types than `State` and `Action`.
  public convenience init(contentsOf url: URL) throws {
    try self.init(data: try Data(contentsOf: url), source: url.path)
  }

  /// Reads a recording from a file's contents; `source` names them in errors.
  private convenience init(data: Data, source: String) throws {
    let header = try SessionFileHeader(checking: data, source: source)
    let file: SessionFile<State, Action>
    do {
      file = try JSONDecoder().decode(SessionFile<State, Action>.self, from: data)
    } catch {
      throw SessionRecordingError.otherTypes(
        recorded: "\(header.stateType), \(header.actionType)",
        expected: "\(String(reflecting: State.self)), \(String(reflecting: Action.self))",
        reason: "\(error)")
    }
    self.init(
      initialState: file.initialState,
      steps: file.steps.map { step in
        SessionStep(
          index: step.index, action: step.action, origin: step.origin, time: step.time,
          state: step.state)
      },
      effects: file.effects, duration: file.duration)
  }
}

/// Why a ``SessionRecording`` could not be written or read.
public enum SessionRecordingError: Error, Equatable, CustomStringConvertible {
  /// A state or action type is not `Codable`; the type's name.
  case notCodable(String)
  /// The file at the path is not a session recording.
  case notARecording(String)
  /// The file was written by a newer ReducerKit, in this format version.
  case newerVersion(Int)
  /// The file records other types than those it was read as.
  case otherTypes(recorded: String, expected: String, reason: String)

  /// What went wrong and what to do, for a person.
  public var description: String {
    switch self {
    case .notCodable(let type):
      """
      A session recording was not written: "\(type)" is not Codable, and a recording is \
      written as JSON. Make it Codable (and the types it holds), or look at the session \
      without a file: "writeHTML(to:)" needs no Codable types.
      """
    case .notARecording(let path):
      "\(path) is not a ReducerKit session recording (written by \"recording.write(to:)\")."
    case .newerVersion(let version):
      """
      The session recording is in format version \(version), written by a newer ReducerKit; \
      this one reads versions up to \(SessionFileFormat.version). Update ReducerKit.
      """
    case .otherTypes(let recorded, let expected, let reason):
      """
      The session recording holds states and actions of \(recorded), read as \(expected); \
      they did not decode (\(reason)). Read it with the feature that recorded it.
      """
    }
  }
}

/// A recording as JSON: written with its values type-erased (any recording can be asked to write
/// itself), read back as `State` and `Action`.
struct SessionFile<State, Action> {
  let format: String
  let version: Int
  let stateType: String
  let actionType: String
  let duration: Duration
  let initialState: State
  let steps: [SessionFileStep<State, Action>]
  let effects: [SessionEffect]
  /// The session as a reducer-alone test (absent from files written before it was kept).
  let testSource: TestSourceParts?
}

enum SessionFileFormat {
  static let name = "ReducerKit session recording"
  static let version = 1
}

/// The first fields of a ``SessionFile``, read before its values.
struct SessionFileHeader: Decodable {
  let format: String
  let version: Int
  let stateType: String
  let actionType: String

  /// The header of the recording file `data` (`source` names it in errors), which this version
  /// of the format can read.
  init(checking data: Data, source: String) throws {
    do {
      self = try JSONDecoder().decode(SessionFileHeader.self, from: data)
    } catch {
      throw SessionRecordingError.notARecording(source)
    }
    guard format == SessionFileFormat.name else {
      throw SessionRecordingError.notARecording(source)
    }
    guard version <= SessionFileFormat.version else {
      throw SessionRecordingError.newerVersion(version)
    }
  }
}

struct SessionFileStep<State, Action> {
  let index: Int
  let action: Action
  let origin: ActionOrigin
  let time: Duration
  let state: State
}

extension SessionFile: Encodable where State: Encodable, Action: Encodable {}
extension SessionFile: Decodable where State: Decodable, Action: Decodable {}
extension SessionFileStep: Encodable where State: Encodable, Action: Encodable {}
extension SessionFileStep: Decodable where State: Decodable, Action: Decodable {}

/// A value whose type is `Encodable`, though the code that holds it does not know so statically.
struct AnyEncodable: Encodable {
  let value: any Encodable
  /// Runs the encoding as shared values should read in it (a recorded step's, as of the step).
  let reading: (() throws -> Void) throws -> Void

  /// `nil` when `value` is not `Encodable`.
  init?(_ value: Any, reading: @escaping (() throws -> Void) throws -> Void = { try $0() }) {
    guard let value = value as? any Encodable else { return nil }
    self.value = value
    self.reading = reading
  }

  func encode(to encoder: any Encoder) throws {
    try reading { try value.encode(to: encoder) }
  }
}

/// The test a recording's file holds, read without its states' and actions' types.
package enum SessionFileTest {
  /// A recording file without a test: one written before recordings kept theirs.
  package struct NoTest: Error, CustomStringConvertible {
    let path: String
    package var description: String {
      """
      \(path) holds no test: it was written before recordings kept the test of their session. \
      Record the session again, or write the test from the recording in Swift: \
      "recording.testSource(feature:initialState:)".
      """
    }
  }

  private struct File: Decodable {
    let testSource: TestSourceParts?
  }

  /// The reducer-alone test of the session in the recording file `data` (`source` names it in
  /// errors), of every step or of those from the step with index `firstStep` on.
  package static func source(
    of data: Data, source: String, named testName: String, from firstStep: Int?
  ) throws -> String {
    _ = try SessionFileHeader(checking: data, source: source)
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch {
      throw SessionRecordingError.notARecording(source)
    }
    guard let parts = file.testSource else { throw NoTest(path: source) }
    return parts.source(named: testName, from: firstStep)
  }
}
