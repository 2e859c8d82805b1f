import TermFlowTesting
import Testing

@testable import Items

/// The whole app (store, coordinator, screens, wireframe) driven headless through
/// `HeadlessDriver`: keys in, frames out, snapshot-tested.
@MainActor
struct ItemsAppTests {
  private let size = Size(width: 60, height: 12)

  @Test func theList() async {
    let driver = await HeadlessDriver(itemsApp(client: .immediate), size: size)
    await driver.press(.down)
    assertSnapshot(of: driver.frame(), as: .frame)
  }

  /// Two rows of list on a five-row terminal: moving to the last item scrolls it into view.
  @Test func onAShortTerminalTheSelectionStaysInView() async {
    let driver = await HeadlessDriver(itemsApp(client: .immediate), size: Size(width: 30, height: 5))
    await driver.press(.down, .down, .down)
    #expect(driver.screenText.contains("李小龍"))
    #expect(!driver.screenText.contains("Ada Lovelace"))
  }

  /// The mouse, which the app asks for: a click on a row selects it, the wheel moves the
  /// selection, a double click on the selected row opens it; the theme's 24-bit accent marks
  /// the selection.
  @Test func theMouseSelectsScrollsAndOpens() async {
    let app = itemsApp(client: .immediate)
    #expect(app.reportsMouse)
    let driver = await HeadlessDriver(app, size: size)
    let row = { (name: String) in driver.frame().lines.firstIndex { $0.contains(name) } ?? -1 }
    let grace = Point(x: 3, y: row("Grace Hopper"))
    await driver.send(.input(.mouse(MouseEvent(.press, .left, at: grace))))
    await driver.send(.input(.mouse(MouseEvent(.release, .left, at: grace))))
    #expect(driver.app.store.state.selected == 1)
    #expect(driver.frame()[3, grace.y].style == Theme.dark.selection.foreground(.rgb(0x2E, 0xC4, 0xB6)))
    await driver.send(.input(.mouse(MouseEvent(.scrollDown, at: grace))))
    #expect(driver.app.store.state.selected == 2)
    await driver.send(.input(.mouse(MouseEvent(.scrollUp, at: grace))))
    await driver.send(.input(.mouse(MouseEvent(.press, .left, at: grace, clickCount: 2))))
    #expect(driver.app.store.state.route == Route(["items", "2"]))
  }

  @Test func openingAnItemShowsASpinnerUntilItsDetailIsLoaded() async {
    let gate = Gate()
    let driver = await HeadlessDriver(itemsApp(client: .waiting(for: gate)), size: size)
    await driver.press(.down, .enter, settle: false)
    #expect(driver.app.store.state.route == Route(["items", "2"]))
    assertSnapshot(of: driver.frame(), as: .frame, named: "loading")
    await gate.open()
    await driver.settle()
    assertSnapshot(of: driver.frame(), as: .frame, named: "loaded")
    await driver.press(.escape)
    #expect(driver.app.store.state.route == Route(["items"]))
  }

  @Test func leavingADetailCancelsItsLoad() async {
    let gate = Gate()
    let driver = await HeadlessDriver(itemsApp(client: .waiting(for: gate)), size: size)
    await driver.press(.enter, settle: false)
    #expect(driver.app.store.activeEffectCount == 1)
    await driver.press(.escape, settle: false)
    #expect(driver.app.store.activeEffectCount == 0)
    // The cancelled load ends once its wait does; what it would have sent is dropped.
    await gate.open()
    await driver.settle()
    #expect(driver.app.store.state.details.isEmpty)
  }

  @Test func deletingAsksFirst() async {
    let driver = await HeadlessDriver(itemsApp(client: .immediate), size: size)
    await driver.press(.down, .down, .character("d"))
    assertSnapshot(of: driver.frame(), as: .frame, named: "confirmation")
    await driver.press(.escape)
    #expect(driver.app.store.state.items.count == 4, "Esc cancels")
    await driver.press(.character("d"), .enter)
    #expect(driver.app.store.state.items.map(\.name) == ["Ada Lovelace", "Grace Hopper", "李小龍"])
    #expect(driver.app.store.state.route == Route(["items"]))
  }

  @Test func deletingFromTheDetailGoesBackToTheList() async {
    let driver = await HeadlessDriver(itemsApp(client: .immediate), size: size)
    await driver.press(.enter, .character("d"), .enter)
    #expect(driver.app.store.state.route == Route(["items"]))
    #expect(driver.app.store.state.items.first?.name == "Grace Hopper")
  }

  /// The add form is the framework's: Enter on a blank name shows its problem and adds nothing;
  /// a name typed and pasted, then Enter, adds the item, selected, back on the list.
  @Test func addingAnItem() async {
    let driver = await HeadlessDriver(itemsApp(client: .immediate), size: size)
    await driver.press(.character("a"), .enter)
    #expect(driver.app.store.state.route == Route(["items", "new"]))
    assertSnapshot(of: driver.frame(), as: .frame, named: "blank")
    await driver.type("Alan ")
    await driver.paste("Turing")
    #expect(!driver.screenText.contains("Enter a name"))
    await driver.press(.enter)
    #expect(driver.app.store.state.items.last == Item(id: 5, name: "Alan Turing"))
    #expect(driver.app.store.state.selected == 4)
    #expect(driver.app.store.state.route == Route(["items"]))
    await driver.press(.character("a"))
    #expect(driver.app.store.state.newItem.text(.name).isEmpty, "the next one starts empty")
    await driver.press(.character("q"), .escape)
    #expect(driver.app.store.state.items.count == 5, "Esc adds nothing; q was typed, not quit")
    #expect(!driver.app.didQuit)
  }

  @Test func aDeepLinkOpensTheDetailOverTheList() async {
    let driver = await HeadlessDriver(
      itemsApp(route: Route(["items", "4"]), client: .immediate), size: Size(width: 60, height: 8))
    assertSnapshot(of: driver.frame(), as: .frame)
    await driver.press(.escape)
    #expect(driver.screenText.contains("Ada Lovelace"))
  }

  /// Every screen's help bar is its key map: each binding that works and is not hidden is on
  /// the help bar drawn wide, on the list, a detail, the dialog, the add form and an empty list.
  @Test func everyScreenShowsEveryKeyItBinds() async {
    let driver = await HeadlessDriver(itemsApp(client: .immediate), size: size)
    var visited: Set<String> = []
    func check(_ step: String) {
      let wireframe = driver.app.wireframe
      if let screen = wireframe.focusedScreen { visited.insert(screen.title) }
      #expect(wireframe.bindingsMissingFromHelp().isEmpty, "\(step): \(wireframe.bindingsMissingFromHelp())")
    }
    check("the list")
    await driver.press(.enter)
    check("a detail")
    await driver.press(.character("d"))
    check("the dialog")
    await driver.press(.enter, .character("a"))
    check("the add form")
    await driver.press(.escape)
    for _ in 0..<3 { await driver.press(.character("d"), .enter) }
    #expect(driver.app.store.state.items.isEmpty)
    check("an empty list")
    #expect(visited == ["All", "Ada Lovelace", "Delete item?", "New item"])
    #expect(!driver.app.wireframe.help.contains { $0.label == "Open" }, "nothing to open on an empty list")
  }

  @Test func qQuitsFromTheListAndCtrlCFromAnywhere() async {
    let driver = await HeadlessDriver(itemsApp(client: .immediate), size: size)
    await driver.press(.enter, .character("q"))
    #expect(!driver.app.didQuit, "q means nothing on a detail")
    await driver.press(.escape, .character("q"))
    #expect(driver.app.didQuit)

    let other = await HeadlessDriver(itemsApp(client: .immediate), size: size)
    await other.press(.enter, .ctrl("c"))
    #expect(other.app.didQuit)
  }
}

/// The built program in a real terminal (a tmux pane), started on a deep link: the detail
/// loads (the live client takes a moment), Esc goes back, q quits and gives the terminal back.
@MainActor
struct ItemsProgramTests {
  @Test func theProgramInATerminal() async throws {
    let pane = try TmuxPane(size: Size(width: 60, height: 10))
    defer { pane.close() }
    // Returns at the first idle frame: the detail's load is over by then.
    try await pane.start([try TmuxPane.executable(named: "Items"), "items/2"])
    let detail = try await pane.capture()
    #expect(detail.first?.contains("Items › All › Grace Hopper") == true)
    #expect(detail.contains { $0.contains("Item #2, loaded by an effect.") })
    try await pane.press("Escape")
    try await pane.waitUntilIdle()
    #expect(try await pane.capture().contains { $0.contains("Zoë Ångström") })
    try await pane.press("q")
    let outcome = try await pane.waitForExit()
    #expect(outcome.status == 0)
    #expect(outcome.sttyBefore == outcome.sttyAfter)
  }
}
