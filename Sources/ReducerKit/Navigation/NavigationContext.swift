/// Identifies an element of the navigation tree (a presented child, a row, a stack element) so
/// that cancel IDs used inside it do not collide with the same IDs used elsewhere, and so that
/// removing the element can cancel everything it started.
package struct NavigationPath: Hashable, Sendable {
  package var components: [AnyHashableSendable] = []

  package init() {}

  /// `rest`, inside the element `prefix` (effects bubble up through parents, which prepend).
  package init(prefix: AnyHashableSendable, rest: NavigationPath) {
    components = [prefix] + rest.components
  }

  package func appending(_ component: AnyHashableSendable) -> NavigationPath {
    var path = self
    path.components.append(component)
    return path
  }

  package var isEmpty: Bool { components.isEmpty }

  /// This path and every shorter prefix of it except the root, innermost first.
  package var prefixes: [NavigationPath] {
    var result: [NavigationPath] = []
    var path = self
    while !path.components.isEmpty {
      result.append(path)
      path.components.removeLast()
    }
    return result
  }
}

/// Where a reducer or an effect runs in the navigation tree.
package struct NavigationContext: Sendable {
  package var path: NavigationPath
  package var isPresented: Bool
}
