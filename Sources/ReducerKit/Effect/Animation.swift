#if canImport(SwiftUI)
  import SwiftUI
#endif

#if !canImport(SwiftUI)
  /// An animation, named as SwiftUI names it, where SwiftUI does not exist.
  ///
  /// Feature code written for SwiftUI animates the state changes some actions make:
  ///
  /// ```swift
  /// await send(.internal(.factLoaded(fact)), animation: .default)
  /// ButtonState(role: .destructive, action: .send(.deleteTapped, animation: .easeOut)) {
  ///   TextState("Delete")
  /// }
  /// ```
  ///
  /// On Apple platforms those parameters take SwiftUI's `Animation`. Here there is no UI to
  /// animate, and this type stands in for it, so that the same feature code compiles, and its
  /// tests run, on Linux: an animation is only a record of how it was made, compared and dumped
  /// by that (`.easeInOut(duration: 0.3)` equals itself, not `.default`), and every action sent
  /// with one is sent exactly as it would be without it.
  public struct Animation: Hashable, Sendable, CustomStringConvertible, CustomDumpRepresentable {
    /// How the animation was made, as it is written: `easeInOut(duration: 0.3).delay(0.1)`.
    public let description: String

    private init(_ description: String) {
      self.description = description
    }

    /// Dumps as it is written: `Animation.spring(duration: 0.5, bounce: 0.2)`.
    public var customDumpValue: Any { "Animation.\(description)" }

    /// The platform's default animation.
    public static let `default` = Self("default")
    /// A linear animation of the default duration.
    public static let linear = Self("linear")
    /// An ease-in animation of the default duration.
    public static let easeIn = Self("easeIn")
    /// An ease-out animation of the default duration.
    public static let easeOut = Self("easeOut")
    /// An ease-in-out animation of the default duration.
    public static let easeInOut = Self("easeInOut")
    /// The default spring.
    public static let spring = Self("spring")
    /// The default interactive spring.
    public static let interactiveSpring = Self("interactiveSpring")
    /// A spring with some bounce.
    public static let bouncy = Self("bouncy")
    /// A spring without bounce.
    public static let smooth = Self("smooth")
    /// A quick spring with a little bounce.
    public static let snappy = Self("snappy")

    /// A linear animation lasting `duration` seconds.
    public static func linear(duration: Double) -> Self { Self("linear(duration: \(duration))") }
    /// An ease-in animation lasting `duration` seconds.
    public static func easeIn(duration: Double) -> Self { Self("easeIn(duration: \(duration))") }
    /// An ease-out animation lasting `duration` seconds.
    public static func easeOut(duration: Double) -> Self { Self("easeOut(duration: \(duration))") }
    /// An ease-in-out animation lasting `duration` seconds.
    public static func easeInOut(duration: Double) -> Self {
      Self("easeInOut(duration: \(duration))")
    }

    /// A spring of the given response and damping.
    public static func spring(
      response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Self {
      Self(
        "spring(response: \(response), dampingFraction: \(dampingFraction), "
          + "blendDuration: \(blendDuration))")
    }

    /// A spring of the given duration and bounce.
    @_disfavoredOverload
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0)
      -> Self
    {
      Self("spring(duration: \(duration), bounce: \(bounce), blendDuration: \(blendDuration))")
    }

    /// A spring for interactive changes, such as a drag.
    public static func interactiveSpring(
      response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Self {
      Self(
        "interactiveSpring(response: \(response), dampingFraction: \(dampingFraction), "
          + "blendDuration: \(blendDuration))")
    }

    /// A spring for interactive changes, of the given duration and bounce.
    @_disfavoredOverload
    public static func interactiveSpring(
      duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25
    ) -> Self {
      Self(
        "interactiveSpring(duration: \(duration), extraBounce: \(extraBounce), "
          + "blendDuration: \(blendDuration))")
    }

    /// A spring that interpolates between values, with the platform's default parameters.
    public static let interpolatingSpring = Self("interpolatingSpring")

    /// A spring that interpolates between values, of the given mass, stiffness and damping.
    public static func interpolatingSpring(
      mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Self {
      Self(
        "interpolatingSpring(mass: \(mass), stiffness: \(stiffness), damping: \(damping), "
          + "initialVelocity: \(initialVelocity))")
    }

    /// A spring that interpolates between values, of the given duration and bounce.
    public static func interpolatingSpring(
      duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    ) -> Self {
      Self(
        "interpolatingSpring(duration: \(duration), bounce: \(bounce), "
          + "initialVelocity: \(initialVelocity))")
    }

    /// An animation along a cubic Bézier timing curve through the two control points.
    public static func timingCurve(
      _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: Double = 0.35
    ) -> Self {
      Self("timingCurve(\(p1x), \(p1y), \(p2x), \(p2y), duration: \(duration))")
    }

    /// A bouncy spring of the given duration.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Self {
      Self("bouncy(duration: \(duration), extraBounce: \(extraBounce))")
    }

    /// A smooth spring of the given duration.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Self {
      Self("smooth(duration: \(duration), extraBounce: \(extraBounce))")
    }

    /// A snappy spring of the given duration.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Self {
      Self("snappy(duration: \(duration), extraBounce: \(extraBounce))")
    }

    /// This animation, starting `delay` seconds later.
    public func delay(_ delay: Double) -> Self { Self("\(description).delay(\(delay))") }

    /// This animation, played `speed` times as fast.
    public func speed(_ speed: Double) -> Self { Self("\(description).speed(\(speed))") }

    /// This animation, repeated `repeatCount` times.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Self {
      Self("\(description).repeatCount(\(repeatCount), autoreverses: \(autoreverses))")
    }

    /// This animation, repeated for as long as the view is shown.
    public func repeatForever(autoreverses: Bool = true) -> Self {
      Self("\(description).repeatForever(autoreverses: \(autoreverses))")
    }

    /// The animation whose ``description`` a recording holds.
    package static func recorded(_ description: String) -> Self? {
      Self(description)
    }
  }
#else
  extension Animation {
    /// `nil`: SwiftUI's animations cannot be made from the description a recording holds.
    package static func recorded(_ description: String) -> Self? { nil }
  }
#endif

extension Send {
  /// Sends `action` to the store with `animation`: on Apple platforms the state changes it
  /// makes are animated (`withAnimation`); without SwiftUI it is sent as by
  /// ``callAsFunction(_:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.internal(.factLoaded(try await numberFact.fetch(count))), animation: .default)
  /// }
  /// ```
  @MainActor
  public func callAsFunction(
    _ action: Action,
    animation: Animation?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    withAnimating(animation) {
      self(action, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// A `Send` that reduces each action inside `wrap` (for an animation, a transaction): the
  /// delivery of ``Effect/animation(_:)``.
  package func wrappingDelivery(
    _ wrap: @escaping @MainActor @Sendable (_ deliver: () -> Void) -> Void
  ) -> Send {
    let deliver = self.deliver
    return Send(lifetime: lifetime, checks: checks, categories: categories) { action, lifetime in
      wrap { deliver(action, lifetime) }
    }
  }
}

extension Store {
  /// Sends `action` with `animation`: on Apple platforms the state changes it makes are
  /// animated (`withAnimation`); without SwiftUI it is sent as without one.
  ///
  /// ```swift
  /// store.send(.view(.toggleTapped), animation: .easeInOut)
  /// ```
  @discardableResult
  public func send(
    _ action: Action,
    animation: Animation?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    withAnimating(animation) {
      send(action, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

extension Store where Action: ViewAction, Action.ViewAction: Sendable {
  /// Sends a view action with `animation`: `store.send(.toggleTapped, animation: .default)`
  /// sends `.view(.toggleTapped)`.
  @discardableResult
  public func send(
    _ action: Action.ViewAction,
    animation: Animation?,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    send(
      .view(action), animation: animation, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension Effect {
  /// An effect that sends `action` with `animation`.
  ///
  /// ```swift
  /// case .view(.resetTapped):
  ///   return .send(.internal(.reset), animation: .default)
  /// ```
  ///
  /// As ``send(_:)``, on every platform: the action is reduced before the `send` that produced
  /// the effect returns, right after the action being reduced. Where SwiftUI exists, that
  /// reduction runs inside `withAnimation(animation)`, so the view animates what it changes, as
  /// TCA's does inside a transaction.
  public static func send(_ action: Action, animation: Animation?) -> Self
  where Action: Sendable {
    guard let animation else { return .send(action) }
    return .send(action, wrappedIn: { deliver in withAnimating(animation, deliver) })
  }

  /// An effect that sends `action` as ``send(_:)`` does, reduced inside `wrap`: the delivery
  /// of ``send(_:animation:)`` on every platform.
  package static func send(_ action: Action, wrappedIn wrap: @escaping DeliveryWrapper) -> Self {
    Self(.sendWrapped(action, wrap: wrap))
  }

  /// The effect with every action its `.run` operations send animated with `animation`.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await event in events() { await send(.internal(.received(event))) }
  /// }
  /// .animation(.default)
  /// ```
  ///
  /// Its actions are delivered the same way on every platform; without SwiftUI there is nothing
  /// to animate. An action the effect sends synchronously (``send(_:)``) keeps the animation of
  /// the `send` that reduces it; use ``send(_:animation:)`` to animate one.
  public func animation(_ animation: Animation? = .default) -> Self {
    wrappingDelivery { deliver in withAnimating(animation, deliver) }
  }

  /// The effect with every action its `.run` operations send reduced inside `wrap`: what
  /// ``animation(_:)`` does on Apple platforms, for any wrapper.
  package func wrappingDelivery(
    _ wrap: @escaping @MainActor @Sendable (_ deliver: () -> Void) -> Void
  ) -> Self {
    rewrite({ $0 }, scope: nil, wrapRun: { $0.sendingThrough { $0.wrappingDelivery(wrap) } })
  }
}

/// Runs `body` inside SwiftUI's `withAnimation(animation)` where SwiftUI exists; elsewhere there
/// is nothing to animate, and it runs `body` as it is. Every animated delivery goes through here,
/// so the order of what is reduced is the same on every platform.
@MainActor
func withAnimating<Result>(_ animation: Animation?, _ body: () -> Result) -> Result {
  #if canImport(SwiftUI)
    withAnimation(animation, body)
  #else
    body()
  #endif
}
