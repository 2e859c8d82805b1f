import Flow
import FlowTesting
import SnapshotTesting
import TerminalTesting
import TerminalUI
import Testing

@testable import Navigation

/// The sample app driven through its real store, coordinator and wireframe, headless.
@MainActor
private final class Harness {
  let gate = DetailGate()
  let app: NavigationApp<SampleState, SampleAction>
  let tracker = LifecycleTracker()
  var store: Store<SampleState, SampleAction> { app.store }
  var wireframe: Wireframe { app.wireframe }

  init(route: Route = Route(["items"])) {
    var state = SampleState()
    state.route = route
    app = NavigationApp(
      initialState: state, reducer: sampleReducer(gate: gate), wireframe: Wireframe(appTitle: "Sample"),
      dialogs: .init(\.dialog, dismiss: .dismissDialog), coordinator: SampleCoordinator())
    let tracker = self.tracker
    app.didBuildScreen = { live, declared in
      tracker.track(live, as: (declared as? DetailScreen).map { "items/\($0.index)" } ?? "items")
    }
    app.start()
  }

  func press(_ keys: Key...) {
    for key in keys { app.handle(.input(.key(key))) }
  }

  func frame(_ width: Int = 80, _ height: Int = 24) -> Frame {
    app.render(size: Size(width: width, height: height))
  }
}

/// A root screen whose preview is a line of text, or none.
@MainActor
private final class PreviewingScreen: LiveScreen {
  var previewText: String? = "Preview of the selection"
  let title = "Root"
  let keyMap = KeyMap<Void, Never>([])
  var keyContext: Void { () }
  func send(_ intent: Never) {}
  func body(isFocused: Bool) -> any View { Text("Root") }
  var preview: (any View)? { previewText.map { Text($0) } }
}

@MainActor
struct StagePresentationTests {
  @Test func stackShowsTheTopScreenUnderABreadcrumb() {
    let app = Harness()
    assertSnapshot(of: app.frame(), as: .frame, named: "root")
    app.press(.down, .down, .enter)
    #expect(app.store.state.route.path == ["items", "2"])
    let detail = app.frame()
    #expect(detail.lines[0].contains("Sample › Items › Zoë Ångström"))
    #expect(detail.lines.last!.contains("Esc Back"))
    assertSnapshot(of: detail, as: .frame, named: "detail-loading")
  }

  @Test func splitShowsListAndDetailSideBySideOnWideTerminals() async {
    let app = Harness()
    let empty = app.frame(140, 20)
    #expect(empty.lines.contains { $0.contains("Nothing selected") })
    assertSnapshot(of: empty, as: .frame, named: "split-empty")
    app.press(.down, .enter)
    await app.gate.open()
    await app.store.waitForEffects()
    let split = app.frame(140, 20)
    #expect(split.lines.contains { $0.contains("Details of #1") && $0.contains("Grace Hopper") })
    assertSnapshot(of: split, as: .frame, named: "split-detail")
  }

  @Test func aRootScreensPreviewFillsTheEmptyDetailPane() {
    let wireframe = Wireframe(appTitle: "Sample")
    let root = PreviewingScreen()
    wireframe.show(stack: [root])
    let split = wireframe.render(size: Size(width: 140, height: 20))
    #expect(split.lines.contains { $0.contains("│Preview of the selection") })
    #expect(!split.lines.contains { $0.contains("Nothing selected") })
    root.previewText = nil
    #expect(wireframe.render(size: Size(width: 140, height: 20)).lines.contains { $0.contains("Nothing selected") })
    // Stacked, only the root itself is on stage.
    root.previewText = "Preview of the selection"
    #expect(!wireframe.render(size: Size(width: 80, height: 20)).lines.contains { $0.contains("Preview") })
  }

  @Test func resizingAcrossTheThresholdSwitchesPresentationAndLosesNothing() {
    let app = Harness()
    app.press(.down, .enter)
    let wide = app.frame(140, 20)
    let narrow = app.frame(80, 20)
    let wideAgain = app.frame(140, 20)
    #expect(app.wireframe.presentation(for: Size(width: 140, height: 20)) == .split)
    #expect(app.wireframe.presentation(for: Size(width: 80, height: 20)) == .stack)
    #expect(wide.lines.contains { $0.contains("Ada Lovelace") && $0.contains("Grace Hopper") })
    #expect(!narrow.lines.contains { $0.contains("Ada Lovelace") }, "narrow shows only the detail")
    #expect(wide == wideAgain)
    #expect(app.store.state.route.path == ["items", "1"])
    #expect(app.wireframe.presentation(for: Size(width: 119, height: 20)) == .stack)
    #expect(app.wireframe.presentation(for: Size(width: 120, height: 20)) == .split)
  }

  @Test func modalTakesTheKeyboardAndGivesItBack() {
    let app = Harness()
    app.press(.down, .character("d"))
    #expect(app.store.state.dialog?.buttons.first?.action == .delete(1))
    let modal = app.frame()
    #expect(modal.lines.contains { $0.contains("Delete “Grace Hopper”?") })
    #expect(modal.lines.last!.contains("Enter/y Delete  Esc/n Cancel"))
    assertSnapshot(of: modal, as: .frame, named: "confirmation")
    // Keys go to the modal, not to the list behind it.
    app.press(.down, .down)
    #expect(app.store.state.selected == 1)
    app.press(.escape)
    #expect(app.store.state.dialog == nil)
    #expect(app.store.state.items.count == 4, "cancel deletes nothing")
    // The list has the keyboard again.
    app.press(.down)
    #expect(app.store.state.selected == 2)
  }

  @Test func confirmingTheModalActsAndDismisses() {
    let app = Harness()
    app.press(.character("d"), .enter)
    #expect(app.store.state.items == ["Grace Hopper", "Zoë Ångström", "李小龍"])
    #expect(app.store.state.route == Route(["items"]))
    #expect(app.wireframe.modal == nil)
  }

  @Test func escGoesBackAndStopsAtTheRoot() {
    let app = Harness()
    app.press(.enter)
    #expect(app.store.state.route.path == ["items", "0"])
    app.press(.escape)
    #expect(app.store.state.route.path == ["items"])
    app.press(.escape, .escape)
    #expect(app.store.state.route.path == ["items"])
    #expect(app.wireframe.stack.count == 1)
  }

  @Test func aDeepLinkStartsOnItsStage() {
    let app = Harness(route: Route(["items", "3"]))
    #expect(app.wireframe.stack.map(\.title) == ["Items", "李小龍"])
    #expect(app.frame().lines[0].contains("Sample › Items › 李小龍"))
  }
}

@MainActor
struct ScreenLifecycleTests {
  @Test func leavingARouteReleasesItsScreenSubscriptionsAndEffects() {
    let app = Harness()
    // The app's observations of the stage, the dialog and every batch, and the list's.
    #expect(app.store.subscriptionCount == 4)
    app.press(.enter)
    app.tracker.expectAlive("items", "items/0")
    #expect(app.store.subscriptionCount == 5)
    #expect(app.store.activeEffectCount == 1, "the detail is loading")
    app.press(.escape)
    app.tracker.expectReleased("items/0")
    app.tracker.expectAlive("items")
    #expect(app.store.subscriptionCount == 4)
    #expect(app.store.activeEffectCount == 0, "the detail's load was cancelled")
  }

  @Test func unrelatedRouteChangesKeepLiveScreens() {
    let app = Harness()
    let list = app.wireframe.stack[0]
    app.press(.enter, .escape, .down, .enter)
    #expect(app.wireframe.stack[0] === list, "the list screen survives its children")
  }

  @Test func stoppingTheAppTearsEverythingDown() {
    let app = Harness(route: Route(["items", "2"]))
    app.store.send(.askToDelete(2))
    app.app.stop()
    app.tracker.expectReleased("items", "items/2")
    #expect(app.store.subscriptionCount == 0)
    #expect(app.store.activeEffectCount == 0)
    #expect(app.wireframe.stack.isEmpty && app.wireframe.modal == nil)
  }

  @Test func theTrackerFailsWhenAScreenLeaks() {
    let tracker = LifecycleTracker()
    final class Leaky {}
    let leaked = Leaky()
    tracker.track(leaked, as: "leaky")
    withKnownIssue {
      tracker.expectReleased("leaky")
    }
    withExtendedLifetime(leaked) {}
  }
}
