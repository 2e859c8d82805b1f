import ContactsCore
import ContactsTesting
import Navigation
import TerminalUI
import TestSupport
import Testing

/// Every screen's help bar is its key map: through every screen of the app and the states that
/// change its keys, each binding that works and is not hidden is on the help bar drawn wide.
@MainActor
struct HelpBarTruthTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test func everyScreenShowsEveryKeyItBinds() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    var visited: Set<String> = []
    func check(_ step: String) {
      app.frame()
      let wireframe = app.app.wireframe
      if let screen = wireframe.focusedScreen { visited.insert(screen.title) }
      #expect(wireframe.bindingsMissingFromHelp().isEmpty, "\(step): \(wireframe.bindingsMissingFromHelp())")
      #expect(!wireframe.help.isEmpty, "\(step): a help bar")
    }
    check("sign in")
    await app.press(.ctrl("n"))
    check("sign up")
    await app.type("grace@navy.example")
    await app.press(.tab)
    await app.type("cobol-1959")
    await app.press(.tab)
    await app.type("cobol-1959")
    await app.press(.enter)
    check("an empty list")
    await app.press(.character("a"))
    check("a new contact, on its name")
    await app.type("Ada Lovelace")
    await app.press(.tab, .tab, .tab, .tab)
    check("a new contact, on an email entry")
    await app.press(.escape)
    check("asked whether to drop the changes")
    await app.press(.enter)
    await app.press(.character("a"))
    await app.type("Ada Lovelace")
    await app.press(.ctrl("s"))
    check("a contact's detail")
    await app.press(.escape)
    check("a list with a contact")
    await app.press(.character("/"))
    check("typing a search")
    await app.type("ada")
    await app.press(.enter)
    check("a search's results")
    await app.press(.character("d"))
    check("asked whether to delete")
    await app.press(.escape, .escape, .character("S"))
    check("asked whether to sign out")
    #expect(
      visited.isSuperset(of: [
        "Sign in", "Create account", "Contacts", "New contact", "Ada Lovelace", "Discard changes?", "Delete contact?",
        "Sign out?",
      ]), "every screen of the app and its dialogs, by title: \(visited)")
  }

  /// The check fails when the bar cannot show a binding: drawn too narrow for the list's keys.
  @Test func theCheckSeesABindingLeftOff() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    #expect(app.app.wireframe.bindingsMissingFromHelp().isEmpty)
    let missing = app.app.wireframe.bindingsMissingFromHelp(width: 30)
    #expect(missing.map(\.label).contains("Create account"), "Ctrl-N Create account does not fit in 30 columns")
    #expect(!missing.map(\.label).contains("Quit"), "Ctrl-C Quit, essential, is kept before the others")
  }
}
