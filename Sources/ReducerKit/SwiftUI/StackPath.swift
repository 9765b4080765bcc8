import Synchronization

/// A navigation stack's elements as SwiftUI's `NavigationStack(path:)` holds them: one route per
/// element, bottom first, and the routes a `NavigationLink(state:)` appends before the store
/// pushes them.
///
/// `NavigationStack(path: $store.scope(state: \.path, action: \.path)) { … } destination: { … }`
/// makes one from the stack store; SwiftUI writes it back when the user goes back (the store is
/// sent `.popFrom(id:)`) or follows a link (`.push(id:state:)`).
public struct StackPath<Element>: RandomAccessCollection, MutableCollection,
  RangeReplaceableCollection
{
  /// One screen of the stack: an element of the store's stack (with its id), or one a link is
  /// pushing (without an id yet).
  public struct Route: Hashable {
    /// The element's id in the stack; `nil` for a route a link is pushing.
    public let id: StackElementID?
    /// For a route a link is pushing, what tells it from another pushed route.
    let pushToken: Int
    /// The element's state when the route was made.
    package let state: Element

    init(id: StackElementID, state: Element) {
      self.id = id
      pushToken = 0
      self.state = state
    }

    /// A route pushing `state`: a `NavigationLink(state:)`'s value.
    public init(pushing state: Element) {
      id = nil
      pushToken = pushTokens.add(1, ordering: .relaxed).newValue
      self.state = state
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id && lhs.pushToken == rhs.pushToken
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(pushToken)
    }
  }

  var routes: [Route]

  public init() { routes = [] }

  public var startIndex: Int { routes.startIndex }
  public var endIndex: Int { routes.endIndex }
  public subscript(position: Int) -> Route {
    get { routes[position] }
    set { routes[position] = newValue }
  }
  public mutating func replaceSubrange<C: Collection<Route>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    routes.replaceSubrange(subrange, with: newElements)
  }
}

extension StackPath.Route: Sendable where Element: Sendable {}

extension StackPath: Sendable where Element: Sendable {}

/// Numbers the routes links push.
private let pushTokens = Atomic(0)

extension Store {
  /// The path of a stack store, for `NavigationStack(path:)`.
  package func stackPath<Element, ElementAction>() -> StackPath<Element>
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    withState { stack in
      StackPath(
        stack.ids.elements.compactMap { id in
          stack[id: id].map { StackPath.Route(id: id, state: $0) }
        })
    }
  }

  /// Takes the path SwiftUI wrote: the elements past the routes it kept are popped (one
  /// `.popFrom(id:)`, for the first of them), and each route a link appended is pushed
  /// (`.push(id:state:)`, with the stack's next ids), as TCA's stack binding does. A path that
  /// reorders the stack, which SwiftUI's navigation does not write, is a runtime warning.
  package func setStackPath<Element: Sendable, ElementAction>(
    _ path: StackPath<Element>, site: SourceSite
  ) where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    let (ids, nextID) = withState { ($0.ids.elements, $0.nextID) }
    let kept = zip(path, ids).prefix { route, id in route.id == id }.count
    let pushed = path.dropFirst(kept)
    guard pushed.allSatisfy({ $0.id == nil }) else {
      return reportRuntimeWarning(
        """
        A navigation stack's path was set to one that reorders its screens; nothing was sent.

          Stack: \(ids.map { "\($0)" }.joined(separator: ", "))
          Path: \(path.map { $0.id.map { "\($0)" } ?? "(pushed)" }.joined(separator: ", "))

        A stack changes by going back (its top screens popped) and by links pushing screens. \
        To rearrange it, change the stack in the reducer.
        """,
        at: site)
    }
    if kept < ids.count { send(.popFrom(id: ids[kept])) }
    for (offset, route) in pushed.enumerated() {
      send(.push(id: StackElementID(rawValue: nextID + offset), state: route.state))
    }
  }

  /// The store of the element `id` of a stack store, `nil` once it is gone.
  package func stackElement<Element, ElementAction: Sendable>(
    id: StackElementID
  ) -> Store<Element, ElementAction>?
  where State == StackState<Element>, Action == StackAction<Element, ElementAction> {
    let ids = withState { $0.ids.elements }
    guard let index = ids.firstIndex(of: id) else { return nil }
    // NB: the stack's element stores, cached under a key of their own (the stack store has no
    // other collection scope of itself), so each element keeps one store across view updates.
    // The key path is made once per type: one written here is a new object on every call, and
    // the cache tells keys apart by their key path's identity.
    let identity = IdentityKeyPaths.of(StackState<Element>.self)
    let stores = elementStores(
      identity,
      key: ScopeKey(
        statePath: identity,
        action: ClosureIdentity(code: 1, context: UInt(bitPattern: ObjectIdentifier(Action.self)))),
      ids: \.ids.elements, element: { $0[id: $1] },
      sendElementAction: { [sendAction] in sendAction(.element(id: $0, action: $1)) })
    return index < stores.count ? stores[index] : nil
  }
}

/// One `\.self` key path per type, made once: a cache key (see `ScopeKey`) needs the same key path
/// object each time.
enum IdentityKeyPaths {
  private static let paths = LockedState<[ObjectIdentifier: AnyKeyPath]>([:])

  static func of<Root>(_: Root.Type) -> KeyPath<Root, Root> {
    paths.withLock { paths in
      if let path = paths[ObjectIdentifier(Root.self)] as? KeyPath<Root, Root> { return path }
      let path = \Root.self
      paths[ObjectIdentifier(Root.self)] = path
      return path
    }
  }
}
