import Foundation

extension SessionRecording {
  /// Writes the recording as one self-contained HTML page to look at in a browser: a timeline of
  /// the actions (ticks coloured by category, their height telling where each came from) above
  /// a lane per effect (a bar from its start to its end, marked by how it ended), a list of the
  /// actions filterable by case name and category, and the selected action's state change as
  /// `−`/`+` lines, its origin, and the effects it started.
  ///
  /// The page fetches nothing: its style, script and data are inline, so it can be attached to
  /// a bug report. States and actions need not be `Codable`; they are shown as dumps. Opening
  /// it with `#step=N` after its address selects step `N`.
  ///
  /// Its "Test" button shows the session as a reducer-alone Swift Testing test (see
  /// ``testSource(named:feature:initialState:startingFrom:fromStep:dependencies:imports:)``),
  /// of the whole session or from the selected step on, to copy: the feature made as
  /// `Feature()`, the session taken to start from `Feature.State()`. `#step=N&test` opens it.
  ///
  /// - Parameters:
  ///   - url: Where to write the page.
  ///   - title: The page's title; by default the state's type.
  public func writeHTML(to url: URL, title: String? = nil) throws {
    try Data(html(title: title).utf8).write(to: url, options: .atomic)
  }

  /// The page ``writeHTML(to:title:)`` writes.
  func html(title: String? = nil) throws -> String {
    let title = title ?? "Session of \(String(reflecting: State.self))"
    let encoder = JSONEncoder()
    // NB: JSONEncoder writes "/" as "\/", so no "</script>" can end the data early.
    let data = String(decoding: try encoder.encode(pageData(title: title)), as: UTF8.self)
    // NB: read when the page's "Test" button is first pressed, not as the page opens.
    let test = String(decoding: try encoder.encode(defaultTestSourceParts()), as: UTF8.self)
    // NB: the title is put in the part before the data, so nothing in the data is replaced.
    return SessionPage.head.replacingOccurrences(of: "{{TITLE}}", with: escapeHTML(title))
      + data + "</script>\n<script type=\"application/json\" id=\"test-data\">" + test
      + SessionPage.tail
  }

  /// What the page shows, with every step's dump and diff made ahead (the page only displays).
  func pageData(title: String) -> SessionPageData {
    let (initialState, initialStep, steps, effects, duration) = snapshot()
    // NB: each state dumped once, with its shared values as of its own step.
    var previousLines = withSharedValues(asOf: initialStep) { expandedDumpLines(initialState) }
    var pageSteps: [SessionPageData.Step] = []
    pageSteps.reserveCapacity(steps.count)
    for step in steps {
      let origin: SessionPageData.Origin
      switch step.origin {
      case .outside:
        origin = SessionPageData.Origin(kind: "outside", step: nil, effect: nil, site: nil)
      case .reducer(let index):
        origin = SessionPageData.Origin(kind: "reducer", step: index, effect: nil, site: nil)
      case .effect(let id, let fileID, let line):
        origin = SessionPageData.Origin(
          kind: "effect", step: nil, effect: id, site: "\(fileID):\(line)")
      }
      let lines = withSharedValues(asOf: Self.sharedStep(of: step)) {
        expandedDumpLines(step.state)
      }
      pageSteps.append(
        SessionPageData.Step(
          i: step.index, t: step.time.milliseconds, name: step.caseName,
          cat: step.category?.rawValue ?? "", origin: origin,
          action: customDump(step.action),
          diff: ReducerKit.diff(dumpLines: previousLines, dumpLines: lines)))
      previousLines = lines
    }
    return SessionPageData(
      title: title, stateType: String(reflecting: State.self),
      duration: duration.milliseconds,
      steps: pageSteps,
      effects: effects.map { effect in
        SessionPageData.Effect(
          id: effect.id, site: "\(effect.fileID):\(effect.line)", by: effect.startedBy,
          start: effect.started.milliseconds, end: effect.ended?.milliseconds,
          ending: effect.ending.rawValue)
      })
  }
}

/// The data of a session page, as its script reads it (short keys: a page of 10,000 steps
/// carries them 10,000 times).
struct SessionPageData: Encodable {
  struct Origin: Encodable {
    let kind: String
    let step: Int?
    let effect: UInt64?
    let site: String?
  }
  struct Step: Encodable {
    let i: Int
    let t: Double
    let name: String
    let cat: String
    let origin: Origin
    let action: String
    let diff: String?
  }
  struct Effect: Encodable {
    let id: UInt64
    let site: String
    let by: Int?
    let start: Double
    let end: Double?
    let ending: String
  }
  let title: String
  let stateType: String
  let duration: Double
  let steps: [Step]
  let effects: [Effect]
}

extension Duration {
  /// The duration in milliseconds, for a page's script.
  fileprivate var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}

private func escapeHTML(_ text: String) -> String {
  text.replacingOccurrences(of: "&", with: "&amp;")
    .replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;")
    .replacingOccurrences(of: "\"", with: "&quot;")
}
