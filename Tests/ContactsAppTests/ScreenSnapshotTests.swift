import ContactsCore
import ContactsModel
import ContactsServices
import ContactsTesting
import Navigation
import SnapshotTesting
import TerminalTesting
import TerminalUI
import TestSupport
import Testing

/// Every screen of the app in each of its states, driven through the real app on a temporary
/// database and compared with the committed goldens in `__Snapshots__`.
@MainActor
struct ScreenSnapshotTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  private func driver(
    size: Size = Size(width: 80, height: 24), route: AppRoute = .signIn, people: ContactDraftFixture = .all
  ) async throws -> AppDriver {
    let driver = try await AppDriver(databasePath: directory.path("contacts.sqlite"), size: size, route: route)
    try await driver.seedAda(people: people.drafts)
    return driver
  }

  private func signedIn(size: Size = Size(width: 80, height: 24), people: ContactDraftFixture = .all) async throws
    -> AppDriver
  {
    let driver = try await driver(size: size, people: people)
    await driver.signIn(email: adaEmail, password: adaPassword)
    return driver
  }

  @Test func signInStates() async throws {
    defer { directory.remove() }
    let app = try await driver()
    assertSnapshot(of: app.frame(), as: .frame, named: "1-first-run")

    // The seed's case: an invalid email and a short password, after a try to sign in: every
    // problem shows, and the focus is back on the first.
    await app.type("ada@")
    await app.press(.tab)
    await app.type("short")
    #expect(!app.frame().lines.contains { $0.contains("Use at least 8 characters") }, "not before it was left")
    await app.press(.enter)
    let invalid = app.frame()
    #expect(invalid.lines.contains { $0.contains("Enter a valid email address") })
    #expect(invalid.lines.contains { $0.contains("Use at least 8 characters") })
    assertSnapshot(of: invalid, as: .frame, named: "2-invalid-after-editing")

    // Signing in: the spinner replaces the button while the request runs.
    await app.press(.ctrl("u"))
    await app.type(adaEmail)
    await app.press(.tab)
    await app.press(.ctrl("u"))
    await app.type("wrong password")
    await app.press(.enter, settle: false)
    assertSnapshot(of: app.frame(), as: .frame, named: "3-signing-in")
    await app.settle()
    let failed = app.frame()
    #expect(failed.lines.contains { $0.contains("Incorrect email or password") })
    assertSnapshot(of: failed, as: .frame, named: "4-server-error")
  }

  @Test func signUpStates() async throws {
    defer { directory.remove() }
    let app = try await driver()
    await app.press(.ctrl("n"))
    #expect(app.state.route == AppRoute.signUp.route)
    await app.type("grace@navy.example")
    await app.press(.tab)
    await app.type("compiler1")
    await app.press(.tab)
    await app.type("compiler2")
    await app.press(.enter)
    let mismatch = app.frame()
    #expect(mismatch.lines.contains { $0.contains("The passwords do not match") })
    assertSnapshot(of: mismatch, as: .frame, named: "sign-up-mismatch")
  }

  @Test func listStates() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    let list = app.frame()
    #expect(list.lines[1].hasPrefix("Contacts (10)"))
    assertSnapshot(of: list, as: .frame, named: "list")

    await app.press(.character("/"))
    // Until something is typed (spaces are nothing), the whole list stays under the field.
    await app.type("  ")
    let blank = app.frame()
    #expect(blank.lines[1].hasPrefix("/"))
    #expect(blank.lines[2..<(blank.lines.count - 1)] == list.lines[2..<(list.lines.count - 1)])
    assertSnapshot(of: blank, as: .frame, named: "search-blank")
    await app.press(.backspace, .backspace)
    await app.type("zo")
    assertSnapshot(of: app.frame(), as: .frame, named: "search-results")
    await app.type("xyz")
    let none = app.frame()
    #expect(none.lines.contains { $0.contains("No contacts match “zoxyz”") })
    assertSnapshot(of: none, as: .frame, named: "search-no-results")
    await app.press(.escape)
    #expect(app.frame().lines[1].hasPrefix("Contacts (10)"))

    await app.press(.character("d"))
    assertSnapshot(of: app.frame(), as: .frame, named: "delete-confirmation")
  }

  @Test func emptyList() async throws {
    defer { directory.remove() }
    let app = try await signedIn(people: .none)
    let empty = app.frame()
    #expect(empty.lines.contains { $0.contains("No contacts yet. Press a to add one.") })
    assertSnapshot(of: empty, as: .frame, named: "list-empty")
  }

  @Test func detailAndEditorStates() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    await app.press(.enter)
    assertSnapshot(of: app.frame(), as: .frame, named: "detail")
    await app.press(.character("e"))
    assertSnapshot(of: app.frame(), as: .frame, named: "edit")
    await app.press(.ctrl("u"))
    await app.press(.tab, .tab, .tab, .tab)  // past nickname, company and title to the email
    await app.press(.end)
    await app.type(" not an email")
    #expect(!app.frame().lines.contains { $0.contains("Enter a valid email address") }, "not while typing it")
    await app.press(.tab)  // a problem shows once its field is left
    let problems = app.frame()
    #expect(problems.lines.contains { $0.contains("A name is required") })
    #expect(problems.lines.contains { $0.contains("Enter a valid email address") })
    assertSnapshot(of: problems, as: .frame, named: "edit-problems")
    await app.press(.escape)
    assertSnapshot(of: app.frame(), as: .frame, named: "edit-discard-confirmation")
  }

  @Test func detailShowsEveryField() async throws {
    defer { directory.remove() }
    let app = try await signedIn(people: .full)
    await app.press(.enter)
    let detail = app.frame()
    for expected in [
      "ada@analytical.example", "work ★", "ada@home.example", "home", "work, fax", "Countess of Lovelace",
      "Mathematician", "10 December", "8 July 1835", "https://example.org/ada", "friends, science",
      "First programmer.",
    ] {
      #expect(detail.lines.contains { $0.contains(expected) }, "\(expected)")
    }
    #expect(!detail.lines.contains { $0.contains("10 December 1") }, "the birthday has no year")
    assertSnapshot(of: detail, as: .frame, named: "detail-full")
  }

  @Test func detailShowsEveryFieldOnAWideTerminal() async throws {
    defer { directory.remove() }
    let app = try await signedIn(size: Size(width: 140, height: 30), people: .full)
    await app.press(.enter)
    let detail = app.frame()
    #expect(detail.lines.contains { $0.contains("+44 20 7946 0001") && $0.contains("cell ★") })
    assertSnapshot(of: detail, as: .frame, named: "detail-full-wide")
  }

  @Test func aDetailTallerThanTheScreenSaysWhatIsLeftOut() async throws {
    defer { directory.remove() }
    let app = try await signedIn(people: .tall)
    await app.press(.enter)
    let detail = app.frame()
    #expect(detail.lines.contains { $0.contains("more rows and the notes: e shows them all") })
    #expect(detail.lines.contains { $0.contains("person1@many.example") })
    assertSnapshot(of: detail, as: .frame, named: "detail-truncated")
  }

  @Test func editorListsByKeyboard() async throws {
    defer { directory.remove() }
    let app = try await signedIn(people: .full)
    await app.press(.enter, .character("e"))
    let full = app.frame()
    for expected in [
      "ada@analytical.example", "work", "home", "work, fax", "--12-10", "1835-07-08", "friends, science",
    ] {
      #expect(full.lines.contains { $0.contains(expected) }, "\(expected)")
    }
    assertSnapshot(of: full, as: .frame, named: "edit-full")
    // To the second email, add one after it, type a wrong address and a type.
    await app.press(.tab, .tab, .tab, .tab, .tab, .tab)
    #expect(app.state.signedIn?.editor?.form.focus == .entry(.email, 1))
    await app.press(.ctrl("n"))
    await app.type("ada at home")
    await app.press(.tab)
    await app.type("other")
    await app.press(.ctrl("p"))
    let added = app.frame()
    #expect(added.lines.contains { $0.contains("ada at home") && $0.contains("other") && $0.contains("★") })
    #expect(added.lines.contains { $0.contains("Enter a valid email address") })
    #expect(added.lines.last?.contains("Ctrl-N Add  Ctrl-X Remove  Ctrl-P Preferred") == true)
    assertSnapshot(of: added, as: .frame, named: "edit-entry-added")
    // Remove it again, and the first phone too; then save.
    await app.press(.ctrl("x"))
    #expect(!app.frame().lines.contains { $0.contains("ada at home") })
    await app.press(.tab, .tab, .ctrl("x"))
    await app.press(.ctrl("s"))
    #expect(app.screenText.contains("Saved “Augusta Ada King”"))
    let saved = app.frame()
    #expect(saved.lines.contains { $0.contains("+44 20 7946 0002") && $0.contains("work, fax") })
    #expect(!saved.lines.contains { $0.contains("+44 20 7946 0001") })
    #expect(saved.lines.contains { $0.contains("ada@analytical.example") })
    #expect(saved.lines.contains { $0.contains("10 December") })
  }

  @Test func aTallFormScrollsWithTheFocus() async throws {
    defer { directory.remove() }
    let app = try await signedIn(people: .tall)
    await app.press(.enter, .character("e"))
    #expect(app.frame().lines[2].contains("↓"))
    for _ in 0..<(4 + 2 * 12) { await app.press(.tab) }
    let middle = app.frame()
    #expect(middle.lines.contains { $0.contains("person13@many.example") })
    #expect(middle.lines[2].contains("↑") && middle.lines[2].contains("↓"))
    #expect(middle.cursor.map { (4..<21).contains($0.y) } == true, "the focused row is on screen")
    assertSnapshot(of: middle, as: .frame, named: "edit-scrolled")
    for _ in 0..<100 where app.state.signedIn?.editor?.form.focus != .field(.notes) { await app.press(.tab) }
    let end = app.frame()
    #expect(end.lines.contains { $0.contains("Notes that do not fit.") })
    assertSnapshot(of: end, as: .frame, named: "edit-scrolled-end")
  }

  @Test func editorOnAWideTerminal() async throws {
    defer { directory.remove() }
    let app = try await signedIn(size: Size(width: 120, height: 30), people: .full)
    await app.press(.enter, .character("e"))
    assertSnapshot(of: app.frame(), as: .frame, named: "edit-full-wide")
  }

  @Test func aSaveOverAChangeMadeElsewhereAsksFirst() async throws {
    defer { directory.remove() }
    let app = try await signedIn(people: .full)
    await app.press(.enter, .character("e"))
    await app.press(.ctrl("e"))
    await app.type(" (edited here)")
    // Another process renames her while the form is open.
    let store = ContactStore(database: app.database)
    let account = try #require(app.state.signedIn?.user.id)
    let id = try #require(app.state.signedIn?.editor?.id)
    var theirs = ContactDraft(try #require(try await store.contact(id: id, account: account)))
    theirs.name = "Ada King (edited elsewhere)"
    _ = try await store.update(id: id, with: theirs, account: account)
    await app.press(.ctrl("s"))
    let asked = app.frame()
    #expect(asked.lines.contains { $0.contains("This contact was changed elsewhere") })
    #expect(asked.lines.last?.contains("m Keep mine  t Take theirs  Esc Keep editing") == true)
    assertSnapshot(of: asked, as: .frame, named: "edit-changed-elsewhere")
    // Esc keeps editing; saving again asks again; t loads theirs.
    await app.press(.escape)
    #expect(app.state.signedIn?.editor?.status == .editing)
    await app.press(.ctrl("s"))
    await app.press(.character("t"))
    #expect(app.state.signedIn?.editor?.form.text(.name) == "Ada King (edited elsewhere)")
    // Mine again, then saved over theirs once a newer one exists.
    await app.press(.ctrl("u"))
    await app.type("Augusta Ada King (mine)")
    theirs.name = "Newer elsewhere"
    _ = try await store.update(id: id, with: theirs, account: account)
    await app.press(.ctrl("s"), .character("m"))
    #expect(app.screenText.contains("Saved “Augusta Ada King (mine)”"))
    let stored = try await store.contact(id: id, account: account)
    #expect(stored?.name == "Augusta Ada King (mine)")
    #expect(stored?.emails.count == 2, "the rest of the card is kept")
  }

  @Test func newContactForm() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    await app.press(.character("a"))
    #expect(app.state.route == AppRoute.newContact.route)
    assertSnapshot(of: app.frame(), as: .frame, named: "new-contact")
  }

  @Test func splitPresentationOnAWideTerminal() async throws {
    defer { directory.remove() }
    let app = try await signedIn(size: Size(width: 140, height: 30))
    let first = app.frame()
    #expect(first.lines.contains { $0.contains("│  Ada Lovelace ") })
    assertSnapshot(of: first, as: .frame, named: "split-preview")
    // While the selection moves the pane is blank; it shows the contact once the selection rests.
    await app.press(.down, settle: false)
    let moving = app.frame()
    #expect(!moving.lines.contains { $0.contains("Contact details") || $0.contains("Nothing selected") })
    await app.settle()
    let second = app.state.signedIn?.selectedContact
    #expect(second?.name == "Alan Turing")
    #expect(app.frame().lines.contains { $0.contains("│  Alan Turing ") })
    await app.press(.enter)
    assertSnapshot(of: app.frame(), as: .frame, named: "split-detail")
    await app.press(.escape, .character("/"))
    await app.type("qqq")
    let noMatches = app.frame()
    #expect(noMatches.lines.contains { $0.contains("Nothing selected") })
    assertSnapshot(of: noMatches, as: .frame, named: "split-no-matches")
  }

  @Test func formsAreNeverSplit() async throws {
    defer { directory.remove() }
    let app = try await driver(size: Size(width: 140, height: 30))
    let wide = app.frame()
    #expect(!wide.lines.contains { $0.contains("Nothing selected") })
    assertSnapshot(of: wide, as: .frame, named: "sign-in-wide")
  }

  @Test func deepLinkToAMissingContact() async throws {
    defer { directory.remove() }
    let app = try await driver(route: .contact(999))
    await app.signIn(email: adaEmail, password: adaPassword)
    #expect(app.state.route == AppRoute.contact(999).route)
    let missing = app.frame()
    #expect(missing.lines.contains { $0.contains("This contact does not exist") })
    assertSnapshot(of: missing, as: .frame, named: "detail-missing")
  }
}

/// Which people a test's account starts with.
enum ContactDraftFixture: Equatable {
  case all, none
  /// One contact with every field filled.
  case full
  /// One contact with more emails than an 80x24 screen has rows.
  case tall

  var drafts: [ContactDraft] {
    switch self {
    case .all: fixturePeople
    case .none: []
    case .full: [fullContact]
    case .tall: [tallContact]
    }
  }
}
