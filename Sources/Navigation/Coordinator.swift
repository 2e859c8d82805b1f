import TerminalUI

/// Decides *what* is on stage from the route, and turns screens' intents into actions.
///
/// A coordinator subscribes to the part of the route it owns when started, builds screens (and
/// subscribes them to the store with their selectors) as the route reaches them, and tears them
/// down (unsubscribes them, cancels their effects) as the route leaves them. Child coordinators
/// form a tree under the app's coordinator. A root coordinator that is also a
/// ``KeyResponder`` answers the keys the focused screen leaves (and its bindings join the help
/// bar after the screen's).
///
/// ```swift
/// @MainActor
/// final class CounterCoordinator: Coordinator {
///   let store: Store<AppState, AppAction>
///   let wireframe: Wireframe
///   private lazy var registry = ScreenRegistry { [store] key, screen in
///     store.unsubscribe(screen)
///     store.cancelEffects(id: key)
///   }
///
///   init(store: Store<AppState, AppAction>, wireframe: Wireframe) {
///     self.store = store
///     self.wireframe = wireframe
///   }
///
///   func start() {
///     store.observe(self, select: \.route) { coordinator, route in coordinator.show(route) }
///   }
///
///   func stop() {
///     store.unsubscribe(self)
///     registry.removeAll()
///     wireframe.show(stack: [])
///   }
///
///   private func show(_ route: Route) {
///     wireframe.show(stack: registry.screens(for: [("counter", makeCounter)]))
///   }
///
///   private func makeCounter() -> any Screen {
///     let screen = CounterScreen(onIncrement: { [store] in store.send(.increment) })
///     store.subscribe(screen, select: \.count)
///     return screen
///   }
/// }
/// ```
@MainActor
public protocol Coordinator: AnyObject {
  /// Starts reacting to the route.
  func start()
  /// Tears down every screen this coordinator built and stops reacting to the route.
  func stop()
}

/// The screens a coordinator has built, by route key.
///
/// Given the screens the route calls for, it hands back live ones that are still wanted (so
/// their state survives unrelated route changes), builds the missing ones, and tears down the
/// rest through `tearDown`: that is where a coordinator unsubscribes a screen and cancels the
/// effects it started.
@MainActor
public final class ScreenRegistry {
  private var live: [String: any Screen] = [:]
  private let tearDown: (String, any Screen) -> Void

  public init(tearDown: @escaping (String, any Screen) -> Void) {
    self.tearDown = tearDown
  }

  /// The screens for `wanted`, in order: reused when their key is live, built otherwise.
  public func screens(for wanted: [(key: String, make: () -> any Screen)]) -> [any Screen] {
    let keys = Set(wanted.map(\.key))
    for (key, screen) in live where !keys.contains(key) {
      live[key] = nil
      tearDown(key, screen)
    }
    return wanted.map { entry in
      if let screen = live[entry.key] { return screen }
      let screen = entry.make()
      live[entry.key] = screen
      return screen
    }
  }

  /// Tears down every live screen.
  public func removeAll() {
    _ = screens(for: [])
  }

  /// Keys of the screens currently live (for lifecycle tests).
  public var liveKeys: Set<String> { Set(live.keys) }
}
