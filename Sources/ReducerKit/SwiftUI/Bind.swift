#if canImport(SwiftUI)
  import SwiftUI

  /// A value a view can both read and write from outside: a `Binding`, or a `FocusState`'s
  /// binding. ``SwiftUI/View/bind(_:to:)`` keeps two of them equal.
  public protocol SynchronizedBinding<Value> {
    /// The value bound.
    associatedtype Value
    /// The value, read and written through.
    var wrappedValue: Value { get nonmutating set }
  }

  extension Binding: SynchronizedBinding {}
  extension FocusState.Binding: SynchronizedBinding {}

  extension View {
    /// Keeps `viewValue`, which only a view can hold (a `@FocusState`), equal to `modelValue`,
    /// which a store holds: `.bind($store.focus, to: $focus)` (SwiftUINavigation's modifier,
    /// which TCA users call for focus).
    ///
    /// The view's value takes the model's when the view appears and whenever the model's
    /// changes; the model's takes the view's whenever the view's changes (the user moved the
    /// focus). Equal values are not written, so neither side sees a change it made itself.
    public func bind<ModelValue: SynchronizedBinding, ViewValue: SynchronizedBinding>(
      _ modelValue: ModelValue, to viewValue: ViewValue
    ) -> some View where ModelValue.Value == ViewValue.Value, ModelValue.Value: Equatable {
      self
        .onAppear {
          if viewValue.wrappedValue != modelValue.wrappedValue {
            viewValue.wrappedValue = modelValue.wrappedValue
          }
        }
        .onChange(of: modelValue.wrappedValue) { _, newValue in
          if viewValue.wrappedValue != newValue { viewValue.wrappedValue = newValue }
        }
        .onChange(of: viewValue.wrappedValue) { _, newValue in
          if modelValue.wrappedValue != newValue { modelValue.wrappedValue = newValue }
        }
    }
  }
#endif
