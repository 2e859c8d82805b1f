import ContactsCore
import ContactsModel
import ContactsServices
import ContactsTesting
import FlowTesting
import Navigation
import TerminalUI
import TestSupport
import Testing
import VCardFormat

/// Whole sessions through the real app on a temporary database, read the way a user reads the
/// screen.
@MainActor
struct JourneyTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private func contains(_ app: AppDriver, _ text: String) -> Bool {
    app.frame().lines.contains { $0.contains(text) }
  }

  @Test func firstRunSignUpAddSearchEditDeleteSignOutSignIn() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    #expect(contains(app, "Sign in"))

    // Sign up.
    await app.press(.ctrl("n"))
    await app.type("grace@navy.example")
    await app.press(.tab)
    await app.type("cobol-1959")
    await app.press(.tab)
    await app.type("cobol-1959")
    await app.press(.enter)
    #expect(app.state.route == AppRoute.contacts.route)
    #expect(contains(app, "No contacts yet"))

    // Add two contacts.
    for (name, email) in [("Ada Lovelace", "ada@example.com"), ("Zoë Ångström", "zoe@example.com")] {
      await app.press(.character("a"))
      await app.type(name)
      await app.press(.tab)
      await app.type(email)
      await app.press(.ctrl("s"))
      #expect(contains(app, "Contact details"))
      #expect(contains(app, "Saved “\(name)”"))
      await app.press(.escape)
    }
    #expect(app.frame().lines[1].hasPrefix("Contacts (2)"))

    // Search, diacritics-insensitive, and open the result.
    await app.press(.character("/"))
    await app.type("zoe")
    #expect(contains(app, "1 match"))
    await app.press(.enter, .enter)
    #expect(app.state.route.path.count == 2)
    #expect(contains(app, "zoe@example.com"))

    // Edit: the new name shows on the detail and in the list.
    await app.press(.character("e"), .ctrl("u"))
    await app.type("Zoë Andersson")
    await app.press(.ctrl("s"))
    #expect(contains(app, "Zoë Andersson"))
    await app.press(.escape)
    await app.press(.escape)  // clears the search
    #expect(contains(app, "Zoë Andersson"))

    // Delete after the confirmation.
    await app.press(.end, .character("d"))
    #expect(contains(app, "Delete “Zoë Andersson”?"))
    await app.press(.enter)
    #expect(app.frame().lines[1].hasPrefix("Contacts (1)"))
    #expect(contains(app, "Deleted “Zoë Andersson”"))
    #expect(!app.frame().lines.dropFirst().contains { $0.contains("Zoë Andersson") }, "gone from the list")

    // Sign out and back in: the email is prefilled.
    await app.press(.character("S"))
    #expect(contains(app, "Sign out of grace@navy.example?"))
    await app.press(.enter)
    #expect(app.state.signedIn == nil)
    #expect(app.state.signedOut?.signIn.suggestedEmail == "grace@navy.example")
    #expect(contains(app, "grace@navy.example"))
    await app.press(.tab)
    await app.type("cobol-1959")
    await app.press(.enter)
    #expect(app.frame().lines[1].hasPrefix("Contacts (1)"))
    #expect(contains(app, "Ada Lovelace"))
  }

  @Test func failedSignInsBackOffAndSaySo() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    try await app.seedAda(people: [])
    await app.type(adaEmail)
    for attempt in 1...AccountService.freeAttempts {
      await app.press(.tab)
      await app.type("wrong password \(attempt)")
      await app.press(.enter)
      if attempt < AccountService.freeAttempts {
        #expect(contains(app, "Incorrect email or password"))
      }
      await app.press(.backTab)
    }
    #expect(contains(app, "Too many failed attempts. Try again in 30 s."))
    // Even the right password waits now.
    await app.press(.tab)
    await app.type(adaPassword)
    await app.press(.enter)
    #expect(app.state.signedIn == nil)
    #expect(contains(app, "Too many failed attempts"))
  }

  @Test func aDeepLinkIsResumedAfterSignIn() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"), route: .editContact(1))
    try await app.seedAda()
    #expect(contains(app, "Sign in"))
    await app.signIn(email: adaEmail, password: adaPassword)
    #expect(app.state.route == AppRoute.editContact(1).route)
    #expect(contains(app, "Edit contact"))
    #expect(app.state.signedIn?.editor?.form.text(.name) == "Ada Lovelace")
  }

  @Test func resizingBetweenSplitAndStackMidEditLosesNothing() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"), size: Size(width: 140, height: 30))
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)
    await app.press(.enter, .character("e"), .end)
    await app.type(" (Countess)")
    let wide = app.frame()
    #expect(wide.lines[1].hasPrefix("Contacts (10)"), "the list stays beside the form")
    await app.resize(to: Size(width: 80, height: 24))
    let narrow = app.frame()
    #expect(!narrow.lines[1].hasPrefix("Contacts"), "the form alone on a narrow terminal")
    #expect(contains(app, "Ada Lovelace (Countess)"))
    await app.resize(to: Size(width: 119, height: 24))
    #expect(!app.frame().lines[1].hasPrefix("Contacts"))
    await app.resize(to: Size(width: 120, height: 24))
    #expect(app.frame().lines[1].hasPrefix("Contacts (10)"))
    #expect(app.state.signedIn?.editor?.form.text(.name) == "Ada Lovelace (Countess)")
    #expect(app.terminal.screen == app.frame(), "the terminal fed only diffs shows the same frame")
  }

  @Test func screensGoAwayWithTheirRoute() async throws {
    defer { directory.remove() }
    let tracker = LifecycleTracker()
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite")) { screen, key in
      tracker.track(screen, as: key)
    }
    try await app.seedAda()
    tracker.expectAlive("auth/sign-in")
    await app.signIn(email: adaEmail, password: adaPassword)
    tracker.expectReleased("auth/sign-in")
    let listOnly = app.app.store.subscriptionCount
    await app.press(.enter)
    let detailKey = "contacts/\(app.state.signedIn?.detail?.id ?? 0)"
    tracker.expectAlive("contacts", detailKey)
    await app.press(.character("e"))
    tracker.expectAlive(detailKey + "/edit")
    await app.press(.escape, .escape)
    tracker.expectReleased(detailKey, detailKey + "/edit")
    #expect(app.app.store.subscriptionCount == listOnly)
    #expect(app.app.store.activeEffectCount == 0)
    await app.press(.character("a"))
    tracker.expectAlive("contacts/new")
    await app.press(.escape)
    tracker.expectReleased("contacts/new")
    await app.press(.character("S"), .enter)
    tracker.expectReleased("contacts")
    tracker.expectAlive("auth/sign-in")
    await app.press(.ctrl("n"))
    tracker.expectAlive("auth/sign-up")
    tracker.expectReleased("auth/sign-in")
    await app.press(.escape)
    tracker.expectReleased("auth/sign-up")
    #expect(app.app.store.activeEffectCount == 0)
  }

  @Test func aHugePasteIsCutToTheFieldAndTheScreenSaysSo() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    try await app.seedAda()
    let megabyte = String(repeating: "ü界🇸🇪x\n", count: 200_000)
    await app.paste(megabyte)
    #expect(app.state.signedOut?.signIn.form.text(.email).count == 254)
    #expect(contains(app, "The paste was cut to 254 characters"))
    await app.press(.ctrl("u"))
    #expect(!contains(app, "The paste was cut"))

    await app.signIn(email: adaEmail, password: adaPassword)
    await app.press(.character("a"))
    await app.paste(megabyte)
    #expect(app.state.signedIn?.editor?.form.text(.name).count == 200)
    #expect(contains(app, "The paste was cut to 200 characters"))
    #expect(app.frame().isWellFormed)
  }

  @Test func aNoteWithLinesIsTypedPastedSavedAndReopenedWithItsLines() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)
    await app.press(.character("a"))
    await app.type("Grace Hopper")
    // Back past Save to the notes, the form's last field.
    await app.press(.backTab, .backTab)
    #expect(app.state.signedIn?.editor?.form.focusedTextArea != nil)
    #expect(app.frame().lines.last?.contains("Enter New line") == true)
    await app.type("Admiral.")
    await app.press(.enter)
    await app.type("Found a moth")
    await app.press(.enter)
    await app.paste("in the relay\r\nof the Mark II\r1947")
    // ↑ moves inside the note, Enter breaks its line there: nothing saves.
    await app.press(.up)
    await app.press(.home)
    await app.press(.enter)
    let note = "Admiral.\nFound a moth\nin the relay\n\nof the Mark II\n1947"
    #expect(app.state.signedIn?.editor?.form.text(.notes) == note)
    #expect(app.state.route == AppRoute.newContact.route)
    await app.press(.ctrl("s"))
    #expect(contains(app, "Saved “Grace Hopper”"))
    let saved = try #require(app.state.signedIn?.detail?.contact.value)
    #expect(saved.notes == note)
    // The detail shows the note's lines as lines.
    let lines = app.frame().lines
    for line in ["Admiral.", "Found a moth", "in the relay", "of the Mark II", "1947"] {
      #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix(line) }, "\(line) on a row of its own")
    }
    // Reopened, the note is the same lines, each on a row of the field.
    await app.press(.character("e"))
    #expect(app.state.signedIn?.editor?.form.text(.notes) == note)
    #expect(app.state.signedIn?.editor?.hasChanges == false)
    #expect(contains(app, "Notes" + String(repeating: " ", count: 7) + "Admiral."))
    // Exported, the NOTE keeps its breaks as \n, and reads back the same.
    let card = String(decoding: VCardWriter().bytes(saved.vCard), as: UTF8.self)
    #expect(card.contains("NOTE:Admiral.\\nFound a moth\\nin the relay\\n\\nof the Mark II\\n1947"))
    let read = try #require(VCardReader.read(card).first?.card)
    #expect(Contact(card: read).notes == note)
  }
}
