#if canImport(SwiftUI)
  import SwiftUI
#endif

extension DependencyValues {
  /// Dismisses the feature that reads it: a presented child (its parent receives `.dismiss`) or a
  /// stack element (its stack receives `.popFrom(id:)`).
  ///
  /// ```swift
  /// @Dependency(\.dismiss) var dismiss
  /// …
  /// case .view(.closeTapped):
  ///   return .run { _ in await dismiss() }
  /// ```
  ///
  /// > Important: It works from effects of features that `ifLet` (with ``Presents``) or a stack
  /// > `forEach` runs. Called anywhere else, it does nothing and reports a runtime warning.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether the feature that reads it is presented (by `ifLet` with ``Presents``) or stacked.
  ///
  /// ```swift
  /// @Dependency(\.isPresented) var isPresented
  /// state.showsCloseButton = isPresented
  /// ```
  public var isPresented: Bool {
    runtime.navigation?.isPresented ?? PresentationFrame.isPresented
  }
}

/// Dismisses the presented or stacked feature whose effect calls it.
///
/// Read it with `@Dependency(\.dismiss)` and call it from an effect. Tests of a feature on its
/// own can replace it to observe dismissals:
///
/// ```swift
/// let dismissed = LockIsolated(false)
/// withDependencies: { $0.dismiss = DismissEffect { dismissed.setValue(true) } }
/// ```
public struct DismissEffect: Sendable {
  private let custom: (@Sendable () async -> Void)?

  /// A dismissal that runs `dismiss` when the feature is not presented by a parent.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    custom = dismiss
  }

  init() {
    custom = nil
  }

  /// Dismisses the feature: the parent that presents it removes it, and cancels its effects.
  public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await callAsFunction(
      animation: nil, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Dismisses the feature with `animation`, as TCA's `dismiss(animation:)`: the parent's
  /// dismissal is reduced inside `withAnimation` where SwiftUI exists.
  ///
  /// ```swift
  /// return .run { _ in await dismiss(animation: .default) }
  /// ```
  public func callAsFunction(
    animation: Animation?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    if let dismiss = DependencyValues.current.runtime.navigation?.dismiss {
      await dismiss(animation)
    } else if let custom {
      await custom()
    } else {
      reportRuntimeWarning(
        """
        "dismiss()" was called outside a presented feature; nothing was dismissed.

        It dismisses the feature whose effect calls it, when a parent presents that feature \
        with "ifLet" over "@Presents" state, or stacks it with "forEach" over a "StackState". \
        Call it from such a feature's effect, or send the parent an action that removes the \
        child state.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}
