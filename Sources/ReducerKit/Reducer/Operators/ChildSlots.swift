/// How a navigation operator holds its children in the parent's state: what ``ChildOperator``
/// (which runs the pass) reads before the pass (``begin(_:)``: the child's identity, the stack's
/// lineage), runs the child on (``reduceChild(_:key:action:in:isPresented:)``), and cancels
/// after it (``settle(_:since:)``: the effects of every child that went away or was replaced,
/// during the pass or before it, by code outside the operator).
@usableFromInline
protocol ChildSlots {
  associatedtype Root
  associatedtype Child
  /// Names one child: its identity (single-child slots), its id (collections).
  associatedtype Key
  /// What ``begin(_:)`` reads.
  associatedtype Marker

  /// The operator's id: children with the same id under the same parent element are its.
  var operatorID: Int { get }

  func begin(_ root: inout Root) -> Marker

  /// Runs `body` on the child `key` in place; `nil` when it is not there.
  func modifyChild<Result>(
    _ key: Key, in root: inout Root, _ body: (inout Child) -> Result
  ) -> Result?

  /// The navigation element of the child `key`, as of `marker`.
  func element(_ key: Key, marker: Marker) -> NavigationElement

  /// The cancellations the pass owes: the effects of children no longer held.
  func settle<Action>(_ root: inout Root, since marker: Marker) -> Effect<Action>
}

extension ChildSlots {
  /// Runs `child` on the child `key` in place (with `isPresented` true in its reducer when
  /// `isPresented`), returning its effect; `nil` when the child is not there.
  @inlinable @inline(__always)
  func reduceChild<ChildReducer: Reducer>(
    _ child: ChildReducer,
    key: Key,
    action childAction: ChildReducer.Action,
    in root: inout Root,
    isPresented: Bool
  ) -> Effect<ChildReducer.Action>? where ChildReducer.State == Child {
    guard isPresented else {
      return modifyChild(key, in: &root) { child.reduce(into: &$0, action: childAction) }
    }
    return PresentationFrame.withPresented {
      modifyChild(key, in: &root) { child.reduce(into: &$0, action: childAction) }
    }
  }

  /// Cancels the effects of the single child with identity `stale`, when it is a child and not
  /// `current`.
  @inlinable
  func cancelChild<Action>(_ stale: Int, keeping current: Int) -> Effect<Action> {
    guard stale != current, stale != ChildIdentity<Child>.absent,
      stale != ChildIdentity<Child>.unknown
    else { return .none }
    return .cancelElement(element(identity: stale))
  }

  /// Cancels the effects the store still runs for children of this slot other than `current`,
  /// when the store's summary says there may be some (children removed by other code).
  @inlinable
  func cancelOthers<Action>(than current: Int) -> Effect<Action> {
    guard let live = DependencyValues.frame.current?.pointee.runtime.liveElements,
      live.mayHaveOthers(at: operatorID, than: current)
    else { return .none }
    let kept = AnyHashableSendable(current)
    return Effect(
      .cancelElements(
        parent: NavigationPath(), operatorID: operatorID, keep: ElementFilter { $0.key == kept }))
  }

  /// The element of the single child with `identity`.
  @inlinable
  func element(identity: Int) -> NavigationElement {
    NavigationElement(operatorID: operatorID, identity: identity)
  }
}

/// Reports, as a runtime warning, an action that reached a navigation operator whose child is
/// gone (`absent` says how).
@usableFromInline
func reportMissingChild(
  _ operatorName: String, absent: @autoclosure () -> String, action: Any, at site: SourceSite
) {
  // A test's own `send`: the warning says so and points at the test's line, not the reducer's.
  if let testSite = TestSendSite.current {
    return reportRuntimeWarning(
      """
      "\(operatorName)" received a child action while \(absent()); the action was dropped.

        Action:
      \(customDump(action, indent: 4))

      The test sent it (or a reducer sent it while reducing the test's action) for a child that \
      is not there. Send it while the child exists, or assert that it is gone instead.
      """,
      at: testSite
    )
  }
  reportRuntimeWarning(
    """
    "\(operatorName)" received a child action while \(absent()); the action was dropped.

      Action:
    \(customDump(action, indent: 4))

    \(missingChildCauses)
    """,
    at: site
  )
}

/// Why a child action can arrive after its child is gone, and what to do about it.
let missingChildCauses = """
  An effect of the child kept running after the child went away. Effects the child returned \
  are cancelled when it goes away; an effect started elsewhere (by the parent, for the child) \
  must be made cancellable and cancelled when the child is removed.

  A view sent the action for a child that had already gone away. Check that the child still \
  exists before sending.
  """
