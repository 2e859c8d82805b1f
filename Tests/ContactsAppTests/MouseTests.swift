import ContactsTesting
import TerminalUI
import TestSupport
import Testing

@testable import ContactsCore

/// The mouse in the real app, headless: clicks on fields and buttons, the wheel over the list,
/// a click to select and a double click to open, the help bar's entries, a dialog's buttons,
/// and mouse input anywhere at any size changing no text.
@MainActor
struct MouseTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private func app(size: Size = Size(width: 80, height: 24)) async throws -> AppDriver {
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"), size: size, route: .signIn)
    try await app.seedAda()
    return app
  }

  /// Where `text` starts on screen (the first row that has it), in cells: a wide character
  /// before it takes two.
  private func position(of text: String, in frame: Frame) throws -> Point {
    for (y, line) in frame.lines.enumerated() {
      if let range = line.range(of: text) {
        return Point(x: DisplayWidth.of(String(line[..<range.lowerBound])), y: y)
      }
    }
    throw MissingText(text: text, screen: frame.lines.joined(separator: "\n"))
  }

  private struct MissingText: Error {
    let text: String
    let screen: String
  }

  private func click(_ app: AppDriver, at point: Point, count: Int = 1) async {
    await app.send(.input(.mouse(MouseEvent(.press, .left, at: point, clickCount: count))))
    await app.send(.input(.mouse(MouseEvent(.release, .left, at: point))))
  }

  private func click(_ app: AppDriver, on text: String, offset: Int = 0, count: Int = 1) async throws {
    let point = try position(of: text, in: app.frame())
    await click(app, at: Point(x: point.x + offset, y: point.y), count: count)
  }

  private func wheel(_ app: AppDriver, _ action: MouseEvent.Action, at point: Point) async {
    await app.send(.input(.mouse(MouseEvent(action, at: point))))
  }

  @Test func signingInByClickingTheFieldsAndTheButton() async throws {
    defer { directory.remove() }
    let app = try await app()
    // The password field is clicked first: the focus goes there.
    try await click(app, on: "Password", offset: 14)
    #expect(app.state.signedOut?.signIn.form.focus == .field(.password))
    await app.type(adaPassword)
    try await click(app, on: "Email", offset: 14)
    #expect(app.state.signedOut?.signIn.form.focus == .field(.email))
    await app.type(adaEmail)
    // A click inside the typed email puts the cursor where it was clicked.
    let field = try position(of: adaEmail, in: app.frame())
    await click(app, at: Point(x: field.x + 3, y: field.y))
    #expect(app.state.signedOut?.signIn.form.fields[0].content.input?.cursor == 3)
    #expect(app.state.signedOut?.signIn.form.text(.email) == adaEmail, "a click types nothing")
    try await click(app, on: "[ Sign in ]", offset: 3)
    await app.settle()
    #expect(app.state.signedIn?.user.email == adaEmail)
  }

  @Test func theWheelScrollsTheListAClickSelectsADoubleClickOpens() async throws {
    defer { directory.remove() }
    let app = try await app()
    await app.signIn(email: adaEmail, password: adaPassword)
    let firstRow = try position(of: "Ada Lovelace", in: app.frame())
    for _ in 0..<3 { await wheel(app, .scrollDown, at: firstRow) }
    #expect(app.state.signedIn?.browser.window.selected == 3)
    await wheel(app, .scrollUp, at: firstRow)
    #expect(app.state.signedIn?.browser.window.selected == 2)
    // The wheel over the title bar or the help bar moves nothing.
    await wheel(app, .scrollDown, at: Point(x: 5, y: 0))
    await wheel(app, .scrollDown, at: Point(x: 5, y: 23))
    #expect(app.state.signedIn?.browser.window.selected == 2)

    try await click(app, on: "Katherine Johnson")
    let selected = try #require(app.state.signedIn?.browser.selectedContact)
    #expect(selected.name == "Katherine Johnson")
    #expect(app.state.route == AppRoute.contacts.route, "one click only selects")
    try await click(app, on: "Katherine Johnson", count: 2)
    #expect(app.state.route == AppRoute.contact(selected.id).route)
    await app.settle()

    // The help bar's entries run their bindings: Esc Back.
    try await click(app, on: "Esc Back", offset: 1)
    #expect(app.state.route == AppRoute.contacts.route)
  }

  @Test func draggingInTheListMovesTheSelectionAndTheScrollbarJumps() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), size: Size(width: 80, height: 24), route: .signIn)
    _ = try await app.seed(email: adaEmail, password: adaPassword, contacts: 100)
    await app.signIn(email: adaEmail, password: adaPassword)
    let frame = app.frame()
    let header = try #require(frame.lines.firstIndex { $0.contains("Name") && $0.contains("Email") })
    let firstRow = header + 1
    let lastRow = try #require(frame.lines.lastIndex { $0.contains("│") || $0.contains("┃") })
    func send(_ action: MouseEvent.Action, _ x: Int, _ y: Int) async {
      await app.send(.input(.mouse(MouseEvent(action, .left, at: Point(x: x, y: y)))))
    }
    func selected() -> Int? { app.state.signedIn?.browser.window.selected }

    // Pressed on the first row and dragged down two rows, and back up one.
    await send(.press, 5, firstRow)
    await send(.drag, 6, firstRow + 2)
    #expect(selected() == 2)
    await send(.drag, 30, firstRow + 1)
    #expect(selected() == 1, "any column of a row")
    // Past the bottom edge it goes on, a row for each report, as the wheel does.
    await send(.drag, 6, lastRow + 1)
    await send(.drag, 6, lastRow + 2)
    #expect(selected() == 3)
    await send(.release, 6, lastRow + 2)
    await send(.drag, 6, firstRow)
    #expect(selected() == 3, "after the release a drag moves nothing")

    // The scrollbar, the last column: its bottom is the last row, its middle the middle.
    await send(.press, 79, lastRow)
    await app.settle()
    #expect(selected() == 99)
    await send(.drag, 79, firstRow)
    await app.settle()
    #expect(selected() == 0)
    await send(.drag, 79, (firstRow + lastRow) / 2)
    await app.settle()
    let middle = try #require(selected())
    #expect((40...60).contains(middle), "\(middle)")
    await send(.release, 79, firstRow)
    #expect(app.frame().isWellFormed)
  }

  @Test func aDialogTakesOnlyClicksOnItsButtons() async throws {
    defer { directory.remove() }
    let app = try await app()
    await app.signIn(email: adaEmail, password: adaPassword)
    let count = app.state.signedIn?.browser.window.total
    await app.press(.character("d"))
    #expect(app.state.dialog != nil)
    // Beside the dialog, on a row of the list behind it: nothing happens.
    await click(app, at: Point(x: 1, y: 3))
    await wheel(app, .scrollDown, at: Point(x: 1, y: 3))
    #expect(app.state.dialog != nil)
    #expect(app.state.signedIn?.browser.window.selected == 0)
    try await click(app, on: "[ Cancel ]", offset: 2)
    #expect(app.state.dialog == nil)
    #expect(app.state.signedIn?.browser.window.total == count)
  }

  @Test func theEditorsFieldsTakeTheFocusAndSaveSaves() async throws {
    defer { directory.remove() }
    let app = try await app()
    await app.signIn(email: adaEmail, password: adaPassword)
    await app.press(.enter, .character("e"))
    await app.settle()
    let editor = try #require(app.state.signedIn?.editor)
    #expect(editor.form.focus == .field(.name))
    try await click(app, on: "Analytical Engines", offset: 4)
    #expect(app.state.signedIn?.editor?.form.focus == .field(.organization))
    #expect(app.state.signedIn?.editor?.form.fields.first { $0.id == .organization }?.content.input?.cursor == 4)
    await app.type("The ")
    try await click(app, on: "[ Save ]", offset: 2)
    await app.settle()
    #expect(app.state.signedIn?.editor == nil)
    #expect(app.frame().lines.contains { $0.contains("AnalThe ytical Engines") })
  }

  /// Mouse input of every kind anywhere, on the tiniest and a huge terminal, over every screen
  /// the keys reach: the frame stays whole, and no text field ever gets a character from it.
  @Test func mouseInputAnywhereAtAnySizeTypesNothing() async throws {
    defer { directory.remove() }
    var random = SplitMix64(seed: 6)
    for size in [Size(width: 1, height: 1), Size(width: 300, height: 100), Size(width: 80, height: 24)] {
      let app = try await AppDriver(
        databasePath: directory.path("mouse-\(size.width).sqlite"), size: size, route: .signIn)
      try await app.seedAda()
      let screens: [[Key]] = [[], [.character("/")], [.character("a")], [.enter, .character("e")]]
      for (step, keys) in screens.enumerated() {
        if step == 1 { await app.signIn(email: adaEmail, password: adaPassword) }
        if step > 1 { await app.press(.escape, .escape) }
        for key in keys { await app.press(key) }
        let texts = fieldTexts(app.state)
        for _ in 0..<200 {
          let action = MouseEvent.Action.allCases[random.next(in: 0...MouseEvent.Action.allCases.count - 1)]
          let button = MouseEvent.Button.allCases[random.next(in: 0...3)]
          let point = Point(
            x: random.next(in: 0...2) == 0 ? random.next(in: 0...100_000) : random.next(in: 0...max(0, size.width)),
            y: random.next(in: 0...2) == 0 ? random.next(in: 0...100_000) : random.next(in: 0...max(0, size.height)))
          let event = MouseEvent(action, button, at: point, clickCount: random.next(in: 1...2))
          await app.send(.input(.mouse(event)))
          // A double click on a row opens it, and Save saves: go back to where the keys were.
          if app.state.signedIn?.editor == nil, step == 3 { break }
        }
        let frame = app.frame()
        #expect(frame.isWellFormed)
        #expect(frame.size == size)
        for (field, text) in fieldTexts(app.state) where texts[field] != nil {
          #expect(text == texts[field], "\(field) at \(size)")
        }
      }
    }
  }

  private func fieldTexts(_ state: AppState) -> [String: String] {
    var texts: [String: String] = [:]
    if let form = state.signedOut?.signIn {
      texts["email"] = form.form.text(.email)
      texts["password"] = form.form.text(.password)
    }
    if let search = state.signedIn?.search { texts["search"] = search.query.text }
    if let editor = state.signedIn?.editor {
      texts["name"] = editor.form.text(.name)
      texts["organization"] = editor.form.text(.organization)
    }
    return texts
  }
}
