import Foundation
import ReducerKit

/// A recurring meeting: who attends, how long it lasts, and what was said at past ones.
public struct Meeting: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var title: String
  public var minutes: Int
  public var attendees: IdentifiedArrayOf<Attendee>
  public var records: [MeetingRecord]

  public init(
    id: UUID, title: String = "", minutes: Int = 5,
    attendees: IdentifiedArrayOf<Attendee> = [], records: [MeetingRecord] = []
  ) {
    self.id = id
    self.title = title
    self.minutes = minutes
    self.attendees = attendees
    self.records = records
  }

  /// Each attendee's share of the meeting, in whole seconds (at least one).
  public var secondsPerAttendee: Int {
    max(1, minutes * 60 / max(1, attendees.count))
  }
}

public struct Attendee: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var name: String

  public init(id: UUID, name: String = "") {
    self.id = id
    self.name = name
  }
}

/// One meeting that took place.
public struct MeetingRecord: Codable, Equatable, Identifiable, Sendable {
  public let id: UUID
  public var date: Date
  public var transcript: String

  public init(id: UUID, date: Date, transcript: String) {
    self.id = id
    self.date = date
    self.transcript = transcript
  }
}

extension URL {
  /// Where the meetings are kept: the app's application support directory (`~/.local/share` on
  /// Linux; an in-memory file in tests).
  public static let meetingsFile = URL.applicationSupportDirectory
    .appendingPathComponent("reducerkit-meetings/meetings.json")
}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Meeting>> {
  /// The meetings, shared by every screen and persisted as JSON.
  public static var meetings: Self { .fileStorage(.meetingsFile) }
}
