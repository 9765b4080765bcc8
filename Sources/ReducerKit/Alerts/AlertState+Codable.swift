// `Codable` for the alert types, so that a feature holding an alert or a dialog records to a
// file (`SessionRecording.write(to:)`) and replays from it.

#if canImport(SwiftUI)
  import SwiftUI
#endif

extension TextState: Codable {
  /// Reads a text written by ``encode(to:)``: a string, or its runs.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      self.init(string)
    } else {
      self.init(runs: try container.decode([Run].self))
    }
  }

  /// Writes one run without emphasis as its string (`"Delete?"`), and any other text as its runs
  /// (`[{"string": "Delete", "emphasis": ["bold"]}, …]`), so that it reads back equal.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if runs.count == 1, runs[0].emphasis.isEmpty {
      try container.encode(runs[0].string)
    } else {
      try container.encode(runs)
    }
  }
}

extension TextState.Run: Codable {
  private enum CodingKeys: String, CodingKey { case string, emphasis }

  /// Reads a run written by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    string = try container.decode(String.self, forKey: .string)
    emphasis = Set(
      try container.decodeIfPresent([TextState.Emphasis].self, forKey: .emphasis) ?? [])
  }

  /// Writes the string and its emphasis, in a stable order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(string, forKey: .string)
    if !emphasis.isEmpty {
      let ordered = TextState.Emphasis.allCases.filter(emphasis.contains)
      try container.encode(ordered, forKey: .emphasis)
    }
  }
}

extension TextState.Emphasis: Codable {}
extension ButtonStateRole: Codable {}
extension ConfirmationDialogStateTitleVisibility: Codable {}

private enum ButtonCodingKeys: String, CodingKey { case role, action, animation, label }

extension ButtonState: Encodable where Action: Encodable {
  /// Writes the label, the role, the action, and the animation by its description.
  ///
  /// > Note: On Apple platforms the animation is SwiftUI's, which cannot be made from a file:
  /// > it is written for the reader and read back as none.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ButtonCodingKeys.self)
    try container.encode(label, forKey: .label)
    try container.encodeIfPresent(role, forKey: .role)
    try container.encodeIfPresent(action.action, forKey: .action)
    try container.encodeIfPresent(
      action.animation.map(String.init(describing:)), forKey: .animation)
  }
}

extension ButtonState: Decodable where Action: Decodable {
  /// Reads a button written by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: ButtonCodingKeys.self)
    let label = try container.decode(TextState.self, forKey: .label)
    let action = try container.decodeIfPresent(Action.self, forKey: .action)
    let animation = try container.decodeIfPresent(String.self, forKey: .animation)
      .flatMap(Animation.recorded)
    self.init(
      role: try container.decodeIfPresent(ButtonStateRole.self, forKey: .role),
      action: .send(action, animation: animation), label: { label })
  }
}

private enum DialogCodingKeys: String, CodingKey { case title, titleVisibility, message, buttons }

extension AlertState: Encodable where Action: Encodable {
  /// Writes the title, the message and the buttons (not the instance's identity, which a
  /// comparison ignores too).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DialogCodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}

extension AlertState: Decodable where Action: Decodable {
  /// Reads an alert written by ``encode(to:)``, as a new instance.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DialogCodingKeys.self)
    self.init(
      title: try container.decode(TextState.self, forKey: .title),
      message: try container.decodeIfPresent(TextState.self, forKey: .message),
      buttons: try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) ?? [])
  }
}

extension ConfirmationDialogState: Encodable where Action: Encodable {
  /// Writes the title, its visibility, the message and the buttons (not the instance's
  /// identity, which a comparison ignores too).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: DialogCodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encode(titleVisibility, forKey: .titleVisibility)
    try container.encodeIfPresent(message, forKey: .message)
    try container.encode(buttons, forKey: .buttons)
  }
}

extension ConfirmationDialogState: Decodable where Action: Decodable {
  /// Reads a dialog written by ``encode(to:)``, as a new instance.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DialogCodingKeys.self)
    let title = try container.decode(TextState.self, forKey: .title)
    let message = try container.decodeIfPresent(TextState.self, forKey: .message)
    let buttons = try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons)
    self.init(
      titleVisibility: try container.decodeIfPresent(
        ConfirmationDialogStateTitleVisibility.self, forKey: .titleVisibility) ?? .automatic,
      title: { title }, message: message.map { text in { text } })
    self.buttons = buttons ?? []
  }
}
