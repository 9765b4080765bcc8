/// A cancel ID as the registry sees it: the user's ID within the navigation element that used it.
@usableFromInline
package struct CancelKey: Hashable, Sendable {
  package var id: AnyHashableSendable
  package var path: NavigationPath

  package init(id: some Hashable & Sendable, path: NavigationPath = NavigationPath()) {
    self.id = AnyHashableSendable(id)
    self.path = path
  }

  private init(erasedID: AnyHashableSendable, path: NavigationPath) {
    id = erasedID
    self.path = path
  }

  /// Calls `body` with this key at its own path and at each shorter prefix of it, down to the
  /// root: a cancellation in an element reaches the effects of the elements inside it.
  func forEachPrefix(_ body: (CancelKey) -> Void) {
    body(self)
    var path = path
    while !path.components.isEmpty {
      path.removeLast()
      body(CancelKey(erasedID: id, path: path))
    }
  }

  func scoped(to scope: NavigationElement?) -> CancelKey {
    guard let scope else { return self }
    var key = self
    key.path = NavigationPath(prefix: scope, rest: path)
    return key
  }
}
