import ContactsCore
import ContactsTesting
import TerminalUI
import TestSupport
import Testing

/// What the config file changes in the running app: a screen's bindings answer the user's keys
/// (and no longer their own), the help bar shows the user's keys, and the list shows the user's
/// columns in the user's order.
@MainActor
struct ConfiguredKeysTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test func theUsersKeysWorkAndTheHelpBarShowsThem() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), size: Size(width: 100, height: 24),
      keyBindings: [
        "list": [
          "add": [.character("n")], "move-vi": [.character("w"), .character("s"), .character("<"), .character(">")],
        ],
        "editor": ["cancel": [.ctrl("g")]], "dialog": ["confirm": [.character("o")]],
      ])
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)
    #expect(app.state.appRoute == .contacts)
    let help = app.app.wireframe.help
    #expect(help.contains { $0.key == "n" && $0.label == "Add" && $0.keys == [.character("n")] }, "\(help)")
    #expect(!help.contains { $0.key == "a" })
    #expect(app.lastFrame.lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("n Add") == true)

    await app.press(.character("s"))
    #expect(app.state.signedIn?.browser.window.selected == 1, "s moves down as j did")
    await app.press(.character(">"))
    #expect(app.state.signedIn?.browser.window.selected == (app.state.signedIn?.browser.window.total ?? 0) - 1)
    await app.press(.character("a"))
    #expect(app.state.appRoute == .contacts, "a no longer adds")
    await app.press(.character("n"))
    #expect(app.state.appRoute == .newContact)
    #expect(app.app.wireframe.help.contains { $0.key == "Ctrl-G" && $0.label == "Cancel" })
    await app.press(.escape)
    #expect(app.state.appRoute == .newContact, "Esc no longer cancels the editor")
    await app.press(.ctrl("g"))
    #expect(app.state.appRoute == .contacts)

    // The delete confirmation answers the user's key for confirm, and shows it.
    let count = app.state.signedIn?.browser.window.total ?? 0
    await app.press(.character("d"))
    #expect(app.state.dialog != nil)
    #expect(app.app.wireframe.help.map(\.key) == ["o", "Esc/n"])
    await app.press(.character("y"), .enter)
    #expect(app.state.dialog != nil, "y and Enter no longer confirm")
    await app.press(.character("o"))
    await app.settle()
    #expect(app.state.dialog == nil)
    #expect(app.state.signedIn?.browser.window.total == count - 1)
  }

  /// Words that name a key name the user's: "Press r to try again" says the key the user gave
  /// Retry, and the sign-in form's hint the key they gave Create account; a key with no binding
  /// that applies is not named at all.
  @Test func keysNamedInWordsAreTheUsersKeys() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), route: .contact(999),
      keyBindings: ["detail": ["retry": [Key(.function(5))]], "sign-in": ["new-account": [Key(.function(2))]]])
    // (Ctrl-A, which the focused field takes to go to its start, would never create an
    // account: the hint names no key the field takes.)
    #expect(app.lastFrame.lines.contains { $0.contains("No account yet? F2 creates one.") })
    try await app.seedAda(people: [])
    await app.signIn(email: adaEmail, password: adaPassword)
    #expect(app.lastFrame.lines.contains { $0.contains("This contact does not exist") })
    #expect(app.lastFrame.lines.contains { $0.contains("Press F5 to try again") })
    #expect(!app.lastFrame.lines.contains { $0.contains("Press r") })
    await app.press(.escape)
    #expect(app.lastFrame.lines.contains { $0.contains("No contacts yet. Press a to add one.") })
  }

  @Test func theListShowsTheUsersColumnsInTheirOrder() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), size: Size(width: 80, height: 24),
      listColumns: [.phone, .company, .name])
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)
    let header = try #require(app.frame().lines.first { $0.contains("Name") })
    let phone = try #require(header.range(of: "Phone"))
    let name = try #require(header.range(of: "Name"))
    #expect(phone.lowerBound < name.lowerBound, "\(header)")
    #expect(!header.contains("Email"), "email is not chosen")
    #expect(!header.contains("Company"), "under 100 columns there is no room for the company")
    await app.resize(to: Size(width: 110, height: 24))
    let wide = try #require(app.frame().lines.first { $0.contains("Name") })
    #expect(wide.contains("Company"), "\(wide)")
  }
}
