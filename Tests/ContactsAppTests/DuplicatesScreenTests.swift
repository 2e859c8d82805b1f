import ContactsCore
import ContactsModel
import ContactsServices
import ContactsTesting
import Foundation
import SnapshotTesting
import TerminalTesting
import TerminalUI
import TestSupport
import Testing

/// The Duplicates screen in the real app over a real database: reached from the list with `D`,
/// each group side by side with what differs marked, a merge (asked first, one transaction)
/// undone, a pair kept apart for good, and the empty state.
@MainActor
struct DuplicatesScreenTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Ada twice (an e-mail and a phone in common, names and notes that differ), Alan twice (a
  /// phone in common), and Grace once.
  static let people: [ContactDraft] = {
    var adaAgain = ContactDraft(name: "Ada King", email: "ADA@analytical.example", phone: "020 7946 0001")
    adaAgain.emails.append(ContactDraft.Entry("ada@poetry.example", label: "home"))
    adaAgain.title = "Countess of Lovelace"
    adaAgain.notes = "Likes poetry."
    let alanAgain = ContactDraft(name: "Alan M. Turing", phone: "01908 640404", company: "Bletchley Park")
    return Array(fixturePeople.prefix(3)) + [adaAgain, alanAgain]
  }()

  private func signedIn(size: Size = Size(width: 80, height: 24), people: [ContactDraft] = people) async throws
    -> AppDriver
  {
    let driver = try await AppDriver(databasePath: directory.path("contacts.sqlite"), size: size)
    try await driver.seedAda(people: people)
    await driver.signIn(email: adaEmail, password: adaPassword)
    return driver
  }

  private func contactCount(_ app: AppDriver) async throws -> Int {
    let user = try #require(app.state.signedIn?.user)
    return try await ContactStore(database: app.database).count(account: user.id)
  }

  @Test func eachGroupSideBySideThenMergedAndUndone() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    await app.type("D")
    #expect(app.state.appRoute == .duplicates)
    #expect(app.app.wireframe.bindingsMissingFromHelp().isEmpty)
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates")

    // The notes come from the other; the name stays.
    await app.press(.down, .right)
    #expect(app.state.signedIn?.duplicates.takeFromOther == [.notes])
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates-picked")

    await app.type("m")
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates-merge-confirmation")
    #expect(try await contactCount(app) == 5)
    await app.press(.enter)
    #expect(try await contactCount(app) == 4)
    // The next group is on screen, and the merge is said and undoable.
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates-after-merge")
    let user = try #require(app.state.signedIn?.user)
    let store = ContactStore(database: app.database)
    var ada: Contact?
    try store.forEachContact(account: user.id) { if $0.name == "Ada Lovelace" { ada = $0 } }
    let merged = try #require(ada)
    #expect(merged.notes == "Likes poetry.")
    #expect(merged.title == "Countess of Lovelace")
    #expect(merged.emails.map(\.value) == ["ada@analytical.example", "ada@poetry.example"])
    #expect(ContactMerge.mergedUIDs(of: merged).count == 1)

    await app.type("u")
    #expect(try await contactCount(app) == 5)
    #expect(app.screenText.contains("Undone: “Ada King” is back."))
    #expect(app.screenText.contains("Ada King"))
    // The list caught up each time.
    await app.press(.escape)
    #expect(app.state.appRoute == .contacts)
    #expect(app.screenText.contains("Contacts (5)"))
  }

  /// Ada three times (the third shares an e-mail with the second only): one group, whose first
  /// stays while the second, then the third, come beside it, until the three are one.
  @Test func aGroupOfThreeIsMergedIntoOneStepByStep() async throws {
    defer { directory.remove() }
    var third = ContactDraft(name: "A. A. Lovelace", email: "ada@poetry.example")
    third.notes = "Wrote the notes on the engine."
    let app = try await signedIn(people: Self.people + [third])
    await app.type("D")
    #expect(app.screenText.contains("Group 1 of 2, contact 2 of 3"))
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates-three")
    await app.type("m")
    #expect(app.state.dialog?.message.hasSuffix("Then contact 3 of 3 of this group comes beside it.") == true)
    await app.press(.enter)
    #expect(try await contactCount(app) == 5)
    #expect(app.screenText.contains("Group 1 of 2, contact 3 of 3"))
    #expect(app.screenText.contains("A. A. Lovelace"))
    // Undo goes back a step; merging again and then the third leaves one Ada.
    await app.type("u")
    #expect(app.screenText.contains("Group 1 of 2, contact 2 of 3"))
    await app.type("m")
    await app.press(.enter)
    await app.type("m")
    #expect(app.state.dialog?.message.contains("Then contact") == false)
    await app.press(.enter)
    #expect(try await contactCount(app) == 4)
    #expect(app.screenText.contains("Group 1 of 1 ·"))
    let user = try #require(app.state.signedIn?.user)
    var adas: [Contact] = []
    try ContactStore(database: app.database).forEachContact(account: user.id) {
      if $0.emails.contains(where: { $0.value == "ada@analytical.example" }) { adas.append($0) }
    }
    #expect(adas.count == 1)
    #expect(adas.first.map { ContactMerge.mergedUIDs(of: $0).count } == 2)
    #expect(adas.first?.emails.map(\.value) == ["ada@analytical.example", "ada@poetry.example"])
  }

  @Test func notDuplicatesIsRememberedAndTheEmptyStateSaysWhatWouldShow() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    await app.type("D")
    await app.type("n")
    #expect(app.screenText.contains("are not duplicates: never proposed again"))
    #expect(app.state.signedIn?.duplicates.groups.count == 1)
    await app.type("n")
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates-none")
    #expect(try await contactCount(app) == 5)
    // Coming back looks again, and finds nothing: the choice was remembered.
    await app.press(.escape)
    await app.type("D")
    #expect(app.state.signedIn?.duplicates.search == .found)
    #expect(app.state.signedIn?.duplicates.groups.isEmpty == true)
    #expect(app.screenText.contains("No likely duplicates."))
  }

  /// The same address in other case and with another type is no difference to mark `≠`: the
  /// merge adds nothing for it. Only the type differs, which a dimmed `≈` says on both sides;
  /// the same phone written nationally (read as British) is no difference either.
  @Test func theSameEntryWithOtherTypesIsMarkedCalmly() async throws {
    defer { directory.remove() }
    var home = ContactDraft(name: "Ada Lovelace")
    home.emails = [ContactDraft.Entry("ada@analytical.example", label: "home", isPreferred: true)]
    home.phones = [ContactDraft.Entry("+44 20 7946 0001", label: "cell")]
    var work = ContactDraft(name: "Ada Lovelace")
    work.emails = [
      ContactDraft.Entry("ADA@Analytical.example", label: "work"), ContactDraft.Entry("ada@poetry.example"),
    ]
    work.phones = [ContactDraft.Entry("020 7946 0001", label: "cell")]
    let app = try await signedIn(people: [home, work])
    await app.type("D")
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates-types")
    let lines = app.screenText.split(separator: "\n")
    // Both sides' e-mail rows say ≈, neither ≠.
    let email = try #require(lines.first { $0.contains("Email") })
    #expect(email.components(separatedBy: "≈ Email").count == 3 && !email.contains("≠"), "\(email)")
    #expect(app.screenText.contains("│ Phone       +44 20 7946 0001"))
    let national = try #require(lines.first { $0.contains("020 7946 0001") })
    #expect(!national.contains("≠") && !national.contains("≈"), "\(national)")
    #expect(lines.contains { $0.contains("≠           ada@poetry.example") })
  }

  @Test func onAWideTerminal() async throws {
    defer { directory.remove() }
    let app = try await signedIn(size: Size(width: 160, height: 40))
    await app.type("D")
    assertSnapshot(of: app.frame(), as: .frame, named: "duplicates-wide")
    await app.type("s")
    #expect(app.screenText.contains("Group 2 of 2"))
    #expect(app.screenText.contains("Alan M. Turing"))
  }
}
