import ReducerKit

/// A place a search found.
public struct Place: Equatable, Identifiable, Sendable {
  public var id: String { name }
  public var name: String
  public var country: String

  public init(name: String, country: String) {
    self.name = name
    self.country = country
  }
}

/// Finds places by name.
public struct PlaceSearchClient: Sendable {
  public var search: @Sendable (String) async throws -> [Place]

  public init(search: @escaping @Sendable (String) async throws -> [Place]) {
    self.search = search
  }
}

extension PlaceSearchClient: DependencyKey {
  /// A small offline gazetteer, searched by prefix.
  public static let liveValue = PlaceSearchClient { query in
    try await Task.sleep(for: .milliseconds(100))
    let places = [
      Place(name: "Lisbon", country: "Portugal"), Place(name: "Lima", country: "Peru"),
      Place(name: "London", country: "United Kingdom"), Place(name: "Lyon", country: "France"),
      Place(name: "Oslo", country: "Norway"), Place(name: "Osaka", country: "Japan"),
    ]
    return places.filter { $0.name.lowercased().hasPrefix(query.lowercased()) }
  }

  public static let testValue = PlaceSearchClient(search: unimplemented("PlaceSearchClient.search"))
}

extension DependencyValues {
  /// The client the search feature queries.
  public var placeSearch: PlaceSearchClient {
    get { self[PlaceSearchClient.self] }
    set { self[PlaceSearchClient.self] = newValue }
  }
}
