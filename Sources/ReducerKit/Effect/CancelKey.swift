/// A cancel ID as the registry sees it: the user's ID within the navigation element that used it.
@usableFromInline
package struct CancelKey: Hashable, Sendable {
  package var id: AnyHashableSendable
  package var path: NavigationPath

  package init(id: some Hashable & Sendable, path: NavigationPath = NavigationPath()) {
    self.id = AnyHashableSendable(id)
    self.path = path
  }

  func scoped(to scope: NavigationElement?) -> CancelKey {
    guard let scope else { return self }
    var key = self
    key.path = NavigationPath(prefix: scope, rest: path)
    return key
  }
}
