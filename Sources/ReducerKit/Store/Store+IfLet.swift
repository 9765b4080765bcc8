extension Store {
  /// Follows optional state as UIKit code does, as TCA's `ifLet(then:else:)`: `unwrap` is
  /// called with a store of the state each time it becomes non-`nil`, and `else` each time it
  /// becomes `nil` (also at once, when it is `nil` now). For pushing and popping a view
  /// controller for an optional child:
  ///
  /// ```swift
  /// token = store.scope(state: \.detail, action: \.detail).ifLet { [weak self] detail in
  ///   self?.show(DetailController(store: detail), sender: nil)
  /// } else: { [weak self] in
  ///   self?.dismissDetail()
  /// }
  /// ```
  ///
  /// Changes within the state do not call `unwrap` again: the store it was given follows them.
  /// It returns an ``ObserveToken`` (TCA's returns a Combine cancellable): the following ends
  /// when the token is cancelled or released.
  public func ifLet<Wrapped>(
    then unwrap: @escaping @MainActor (_ store: Store<Wrapped, Action>) -> Void,
    else: @escaping @MainActor () -> Void = {}
  ) -> ObserveToken where State == Wrapped? {
    var wasPresent: Bool?
    return ReducerKit.observe { [weak self] in
      guard let self else { return }
      let isPresent = self.state != nil
      guard isPresent != wasPresent else { return }
      wasPresent = isPresent
      if isPresent, let child = self.scope(state: \.self, action: { $0 }) {
        unwrap(child)
      } else {
        `else`()
      }
    }
  }
}
