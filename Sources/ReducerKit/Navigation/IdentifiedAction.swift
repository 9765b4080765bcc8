/// An action for one element of an identified collection, as `forEach` routes it.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// store.send(.rows(.element(id: row.id, action: .toggled)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action> {
  /// `action`, for the element with `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}
extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
// NB: Codable, as in TCA, so that a feature's actions can be (for a session recording's file).
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}

/// The identified action of a feature whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable

/// An action for a presented child feature, as `ifLet` routes it.
///
/// ```swift
/// enum Action {
///   case destination(PresentationAction<Destination.Action>)
/// }
/// ```
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Dismisses the child: its state becomes `nil` and its effects are cancelled.
  case dismiss
}

/// A presentation action, for case patterns: `\.destination.alert.confirmTapped` steps into
/// `.presented` implicitly, as TCA's case key paths do.
protocol PresentationActionPattern {}

extension PresentationAction: PresentationActionPattern {}

extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Encodable where Action: Encodable {}
extension PresentationAction: Decodable where Action: Decodable {}
