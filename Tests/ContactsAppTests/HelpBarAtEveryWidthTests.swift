import ContactsCore
import ContactsTesting
import Navigation
import TerminalUI
import TestSupport
import Testing

/// The help bar at 80×24 and narrower, on every screen of the app and its dialogs: each key it
/// shows works there, none is a key the focused field takes as text, and when it cannot hold
/// every key it keeps the essential ones (quit, save, back) and `? More`, which opens the list
/// of every key; any key closes that list again.
@MainActor
struct HelpBarAtEveryWidthTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  nonisolated static let sizes = [
    Size(width: 80, height: 24), Size(width: 60, height: 20), Size(width: 40, height: 16),
  ]

  @Test(arguments: sizes) func everyScreenShowsWhatWorksAndTheWayToTheRest(size: Size) async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"), size: size)
    try await app.seedAda(people: DuplicatesScreenTests.people)
    let wireframe = app.app.wireframe
    var visited: Set<String> = []
    var listed = 0
    func check(_ step: String) async {
      app.frame()
      if let screen = wireframe.focusedScreen { visited.insert(screen.title) }
      let problems = wireframe.helpBarProblems(size: size)
      #expect(problems.isEmpty, "\(size.width)×\(size.height), \(step): \(problems)")
      let bar = app.lastFrame.lines.last ?? ""
      guard let more = wireframe.moreHelp, bar.contains("\(more.key) \(more.label)") else { return }
      // What the bar leaves out is in the list `? More` opens, and any key closes it.
      let leftOut = wireframe.help.filter { !bar.contains("\($0.key) \($0.label)") }
      await app.press(more.keys[0])
      #expect(wireframe.showsAllKeys, "\(step): \(more.key) opens the list of every key")
      let list = app.screenText
      for item in leftOut {
        #expect(list.contains(item.label), "\(size.width)×\(size.height), \(step): “\(item.label)” is in the list")
      }
      #expect(wireframe.helpBarProblems(size: size).isEmpty)
      await app.press(.escape)
      #expect(!wireframe.showsAllKeys, "\(step): Esc closes the list")
      listed += 1
    }
    await check("sign in")
    await app.type("grace")
    await check("sign in, typing an address")
    await app.press(.ctrl("u"))
    #expect(app.state.signedOut?.signIn.form.text(.email) == "", "Ctrl-U emptied the field")
    await app.press(.ctrl("n"))
    await check("sign up")
    await app.press(.escape)
    await app.signIn(email: adaEmail, password: adaPassword)
    await check("the list")
    await app.press(.enter)
    await check("a contact's detail")
    await app.press(.escape, .character("/"))
    await check("typing a search")
    await app.type("ada")
    await app.press(.enter)
    await check("a search's results")
    await app.press(.character("d"))
    await check("asked whether to delete")
    await app.press(.escape, .escape, .character("a"))
    await check("a new contact, on its name")
    await app.type("Ada?")
    #expect(app.state.signedIn != nil)
    await app.press(.tab, .tab, .tab, .tab)
    await check("a new contact, on an email entry")
    await app.press(.escape)
    await check("asked whether to drop the changes")
    await app.press(.enter, .character("e"))
    await check("editing a contact")
    // Back past Save: the notes, a field of many lines that takes Enter.
    await app.press(.backTab, .backTab)
    #expect(app.state.signedIn?.editor?.form.focusedTextArea != nil, "the notes have the keyboard")
    await check("editing a contact's notes")
    // Cancelled, the edit leaves the contact's detail on stage; Esc again is the list.
    await app.press(.escape, .escape)
    #expect(app.state.appRoute == .contacts, "\(app.state.route)")
    await app.press(.character("D"))
    #expect(app.state.appRoute == .duplicates, "\(app.state.route)")
    await check("duplicates")
    await app.press(.character("m"))
    await check("asked whether to merge")
    await app.press(.escape, .escape, .character("s"))
    await check("sync set-up")
    await app.press(.escape, .character("S"))
    await check("asked whether to sign out")
    #expect(
      visited.isSuperset(of: [
        "Sign in", "Create account", "Contacts", "New contact", "Edit", "Duplicates", "Sync", "Discard changes?",
        "Delete contact?", "Sign out?",
      ]), "every screen of the app and its dialogs, by title: \(visited)")
    if size.width < 80 {
      #expect(listed > 0, "at \(size.width) columns some bar leaves keys out and offers the list")
    }
  }
}
