import Foundation
import ReducerKit

/// Steeping timers for a list of teas. One tea steeps at a time: starting one stops the one
/// that was steeping. When a tea is ready the user is notified, which needs their permission,
/// asked the first time a tea starts; a refusal, or a notification that fails, shows an alert.
/// Removing a tea ends its countdown.
///
/// ```swift
/// let store = Store(initialState: TeaTimers.State(teas: [sencha])) { TeaTimers() }
/// store.send(.teas(.element(id: sencha.id, action: .start)))
/// ```
public struct TeaTimers: Reducer {
  public struct State: Equatable, Sendable {
    public var teas: IdentifiedArrayOf<Tea.State>
    public var notifications = Permission.undetermined
    @Presents public var alert: AlertState<Action.Alert>?

    public init(teas: IdentifiedArrayOf<Tea.State> = []) {
      self.teas = teas
    }

    public enum Permission: Equatable, Sendable {
      case undetermined, allowed, denied
    }

    /// The tea steeping now, if any.
    public var steeping: Tea.State? { teas.first(where: \.isSteeping) }
  }

  public enum Action: CasePathable, Equatable, Sendable {
    case view(View)
    case `internal`(Internal)
    case teas(IdentifiedActionOf<Tea>)
    case alert(PresentationAction<Alert>)

    public enum View: Equatable, Sendable {
      case addTapped(name: String, steepTime: Duration)
      case removeTapped(id: Tea.State.ID)
    }
    public enum Internal: Equatable, Sendable {
      case permissionAnswered(Bool)
      case notificationFailed(tea: String, reason: String)
    }
    public enum Alert: Equatable, Sendable {
      case openSettingsTapped
    }
  }

  @Dependency(\.notifications) var notifications
  @Dependency(\.openURL) var openURL
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.addTapped(let name, let steepTime)):
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, steepTime > .zero else { return .none }
        state.teas.append(Tea.State(id: uuid(), name: name, steepTime: steepTime))
        return .none

      case .view(.removeTapped(let id)):
        state.teas.remove(id: id)
        return .none

      case .teas(.element(let id, action: .delegate(.started))):
        let others = state.teas.filter { $0.isSteeping && $0.id != id }
        var effects = others.map { Effect<Action>.send(.teas(.element(id: $0.id, action: .stop))) }
        if state.notifications == .undetermined {
          effects.append(
            .run { [notifications] send in
              await send(.internal(.permissionAnswered(await notifications.requestPermission())))
            })
        }
        return .merge(effects)

      case .internal(.permissionAnswered(let allowed)):
        state.notifications = allowed ? .allowed : .denied
        if !allowed { state.alert = Self.notificationsOffAlert }
        return .none

      case .teas(.element(let id, action: .delegate(.ready))):
        guard state.notifications == .allowed, let tea = state.teas[id: id] else { return .none }
        return .run { [notifications] _ in
          try await notifications.notify("Your \(tea.name) is ready.")
        } catch: { error, send in
          await send(
            .internal(.notificationFailed(tea: tea.name, reason: error.localizedDescription)))
        }

      case .internal(.notificationFailed(let tea, let reason)):
        state.alert = AlertState {
          TextState("Your \(tea) is ready")
        } message: {
          TextState("The notification could not be shown: \(reason)")
        }
        return .none

      case .alert(.presented(.openSettingsTapped)):
        return .run { [openURL] _ in await openURL(NotificationsClient.settingsURL) }

      case .teas, .alert:
        return .none
      }
    }
    .forEach(\.teas, action: \.teas) { Tea() }
    .ifLet(\.$alert, action: \.alert)
  }

  static let notificationsOffAlert = AlertState<Action.Alert> {
    TextState("Notifications are off")
  } actions: {
    ButtonState(action: .openSettingsTapped) { TextState("Open Settings") }
    ButtonState(role: .cancel) { TextState("Not now") }
  } message: {
    TextState("The timers still run, but you will not hear when a tea is ready.")
  }
}
