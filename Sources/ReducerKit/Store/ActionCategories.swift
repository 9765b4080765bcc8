import Synchronization

/// The three categories of a feature's actions, for an `Action` enum that follows the
/// convention: top-level cases named `view` (what the user did), `internal` (what the feature's
/// own effects report) and `delegate` (what the feature tells its parent).
///
/// ReducerKit checks the convention where actions enter a store: an effect sending a `view`
/// action, or code outside the store's reducers sending an `internal` or `delegate` action, is a
/// runtime warning. No other architecture library does this; TCA's `ViewAction` only shapes
/// what a view may send.
@usableFromInline
package struct ActionCategories: Sendable {
  @usableFromInline let viewTag: UInt32
  @usableFromInline let internalTag: UInt32?
  @usableFromInline let delegateTag: UInt32?

  /// The categories of `Action`, or `nil` when it does not follow the convention (it needs a
  /// `view` case, and an `internal` or a `delegate` one). Worked out once per type.
  package static func of<Action>(_: Action.Type) -> ActionCategories? {
    let key = ObjectIdentifier(Action.self)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    var categories: ActionCategories?
    if let layout = EnumLayout.of(Action.self) {
      let tags = Dictionary(
        layout.cases.indices.map { (layout.cases[$0].name, UInt32($0)) },
        uniquingKeysWith: { first, _ in first })
      if let view = tags["view"], tags["internal"] != nil || tags["delegate"] != nil {
        categories = ActionCategories(
          viewTag: view, internalTag: tags["internal"], delegateTag: tags["delegate"])
      }
    }
    cache.withLock { $0[key] = .some(categories) }
    return categories
  }

  private static let cache = LockedState<[ObjectIdentifier: ActionCategories?]>([:])

  /// Categories not looked up yet (see `Store.outsideCategories`): matches no action.
  @usableFromInline package static var unresolved: ActionCategories {
    ActionCategories(viewTag: .max, internalTag: nil, delegateTag: nil)
  }

  /// Whether these are ``unresolved``.
  @inlinable var isUnresolved: Bool { viewTag == .max }

  /// Whether `action` is a `view` action.
  @inlinable
  func isView<Action>(_ action: Action) -> Bool {
    EnumMetadata.tag(of: action) == viewTag
  }

  /// The name of the category of `action` when it is `internal` or `delegate`.
  @inlinable
  func innerCategory<Action>(of action: Action) -> String? {
    let tag = EnumMetadata.tag(of: action)
    if tag == internalTag { return "internal" }
    if tag == delegateTag { return "delegate" }
    return nil
  }
}

/// Whether a root store (and every store scoped from it, and its effects) checks the action
/// categories; see ``Store/checksActionCategories``.
@usableFromInline
package final class ActionCategoryChecks: Sendable {
  private let enabled = Atomic(true)

  package init() {}

  @usableFromInline
  package var isEnabled: Bool {
    get { enabled.load(ordering: .relaxed) }
    set { enabled.store(newValue, ordering: .relaxed) }
  }
}

/// Reports an effect sending a `view` action.
func reportViewActionFromEffect(_ action: Any, site: SourceSite) {
  reportRuntimeWarning(
    """
    An effect sent a "view" action; view actions describe what the user did, and only the view \
    sends them.

      Action:
    \(customDump(action, indent: 4))

    Send the result of the effect as an "internal" action (".internal(.…)"), and reduce it \
    there. To turn this check off for one store, set "store.checksActionCategories = false".
    """,
    at: site
  )
}

/// Reports code outside a store's reducers sending it an `internal` or `delegate` action.
@usableFromInline
func reportInnerActionFromOutside(_ action: Any, category: String, site: SourceSite) {
  reportRuntimeWarning(
    """
    "Store.send" was given the \(category) action below from outside the store; \
    \(category == "internal" ? "internal actions are the feature's own, sent by its effects" : "delegate actions are what a feature tells its parent, sent by its effects").

      Action:
    \(customDump(action, indent: 4))

    From a view, send the "view" action for what the user did, and let the reducer do the \
    rest. To turn this check off for one store, set "store.checksActionCategories = false".
    """,
    at: site
  )
}
