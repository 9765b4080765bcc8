/// The one child operator under `ifLet` (over ``Presents`` and over an optional), `ifCaseLet`
/// and `forEach` (over an ``IdentifiedArray`` and over a ``StackState``).
///
/// Every pass runs the same sequence:
///
/// 1. the route reads the parent's action (``ChildRoute/request(for:in:slots:source:)``): a child's
///    action, one of the operator's own (dismiss, push, pop), or none of its business;
/// 2. a child's action runs the child in place (``ChildSlots/reduceChild(_:key:action:in:isPresented:)``),
///    its effect moved into the child's navigation element;
/// 3. the parent runs;
/// 4. the route finishes what it decided before the parent ran (dismiss an answered alert, pop);
/// 5. the slots cancel the effects of every child that went away (``ChildSlots/settle(_:since:)``).
///
/// The public reducers (``OptionalChildReducer``, ``EnumCaseReducer``, ``PresentationReducer``,
/// ``ForEachReducer``, ``StackForEachReducer``) each hold one and forward to it; what differs
/// between them is their slots and their route.
///
/// NB: the operator holds the slots, rather than reaching them through its route: read through
/// a protocol's property, they were copied (and their references retained and released) on
/// every action.
@usableFromInline
struct ChildOperator<Parent: Reducer, Child: Reducer, Route: ChildRoute>
where
  Parent.Action: Sendable, Route.Slots.Root == Parent.State, Route.Slots.Child == Child.State,
  Route.ParentAction == Parent.Action, Route.ChildAction == Child.Action
{
  /// The reducer the operator was applied to; it runs after the child.
  @usableFromInline let parent: Parent
  /// The reducer of each child.
  @usableFromInline let child: Child
  /// Where the children are held in the parent's state.
  @usableFromInline let slots: Route.Slots
  /// What sets this operator apart: how it reads actions and embeds the child's.
  @usableFromInline let route: Route
  /// Where the operator was applied, for its runtime warnings.
  @usableFromInline let source: SourceSite

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var request = route.request(for: action, in: &state, slots: slots, source: source)
    var childEffect = Effect<Parent.Action>.none
    // NB: the child's action is moved out of the request rather than copied (a retain and a
    // release per level of a nested action). No closure here captures the operator: one that
    // did would copy it, and retain everything it holds, on every action.
    if let (key, childAction) = request.child.take() {
      let effect = slots.reduceChild(
        child, key: key, action: childAction, in: &state, isPresented: route.presentsChild)
      if let effect {
        // NB: the escaping closure that embeds the child's actions is built only for an effect.
        if !effect.isNone {
          childEffect = route.move(
            effect, to: slots.element(key, marker: request.marker), key: key)
        }
      } else {
        route.reportMissing(action, key: key, in: state, at: source)
      }
      request.followUp = route.followUp(afterChild: childAction)
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    if let followUp = request.followUp.take() {
      route.finish(followUp, in: &state, slots: slots, since: request.marker)
    }
    return childEffect.merge(with: parentEffect).merge(
      with: slots.settle(&state, since: request.marker))
  }
}

/// What one action asks of a child operator, as its route reads it.
@usableFromInline
struct ChildRequest<Key, Marker, ChildAction, FollowUp> {
  /// What the pass starts from: what ``ChildSlots/begin(_:)`` read, or `unknown` when nothing
  /// was read.
  @usableFromInline var marker: Marker
  /// The child and its action, when the action is a child's.
  @usableFromInline var child: (key: Key, action: ChildAction)?
  /// What remains to do once the parent ran (dismiss, pop).
  @usableFromInline var followUp: FollowUp?

  @inlinable
  init(marker: Marker, child: (key: Key, action: ChildAction)?, followUp: FollowUp?) {
    self.marker = marker
    self.child = child
    self.followUp = followUp
  }

  /// The child `key`'s action.
  @inlinable
  static func child(_ key: Key, _ action: ChildAction, _ marker: Marker) -> Self {
    Self(marker: marker, child: (key, action), followUp: nil)
  }

  /// An action of the operator itself (dismiss, push, pop), with what remains to do after the
  /// parent ran, if anything.
  @inlinable
  static func own(_ followUp: FollowUp?, _ marker: Marker) -> Self {
    Self(marker: marker, child: nil, followUp: followUp)
  }

  /// Not the operator's: only the parent runs.
  @inlinable
  static func parentOnly(_ marker: Marker) -> Self {
    Self(marker: marker, child: nil, followUp: nil)
  }
}

/// How a ``ChildOperator`` reads its parent's actions and embeds its child's: the part of each
/// navigation operator that is its own.
@usableFromInline
protocol ChildRoute {
  associatedtype Slots: ChildSlots
  associatedtype ParentAction: Sendable
  associatedtype ChildAction
  /// What the route decided before the parent ran and finishes after it.
  associatedtype FollowUp = Never

  /// Whether the child reduces as presented (`isPresented` reads `true` in its reducer).
  var presentsChild: Bool { get }

  /// Reads `action`, doing before the parent runs what the operator's own actions ask.
  func request(
    for action: ParentAction, in root: inout Slots.Root, slots: Slots, source: SourceSite
  )
    -> ChildRequest<Slots.Key, Slots.Marker, ChildAction, FollowUp>

  /// The child `key`'s effect, moved into its navigation `element` and sending parent actions.
  func move(_ effect: Effect<ChildAction>, to element: NavigationElement, key: Slots.Key)
    -> Effect<ParentAction>

  /// What remains to do after the parent ran the child's `action` (dismiss an answered alert).
  func followUp(afterChild action: ChildAction) -> FollowUp?

  /// Does what `followUp` says, the parent having run.
  func finish(
    _ followUp: FollowUp, in root: inout Slots.Root, slots: Slots, since marker: Slots.Marker)

  /// Warns of a child's `action` that found no child `key` in `root`.
  func reportMissing(
    _ action: ParentAction, key: Slots.Key, in root: Slots.Root, at source: SourceSite)
}

extension ChildRoute where FollowUp == Never {
  @inlinable
  func followUp(afterChild action: ChildAction) -> Never? { nil }

  @inlinable
  func finish(
    _ followUp: Never, in root: inout Slots.Root, slots: Slots, since marker: Slots.Marker
  ) {}
}
