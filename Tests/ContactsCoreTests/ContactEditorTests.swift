import ContactsModel
import Flow
import FlowTesting
import Foundation
import Synchronization
import TerminalUI
import Testing
import VCardFormat

@testable import ContactsCore

/// The editor's lists by keyboard alone: adding and removing entries, per-entry problems, the
/// preferred mark, and a save that sends every row and keeps what was not edited.
@MainActor
struct ContactEditorTests {
  /// Ada with two emails read from a card: the second one grouped and labelled, as Apple writes.
  nonisolated static let ada = Contact(
    id: 7, uid: "ada-uid", name: "Ada Lovelace",
    emails: [
      ContactEntry(
        "ada@work.example", types: ["work"], isPreferred: true,
        source: VCardProperty(
          name: "EMAIL", parameters: [VCardParameter("TYPE", "work", "pref")], value: "ada@work.example")),
      ContactEntry(
        "ada@home.example", types: ["home"],
        source: VCardProperty(group: "item2", name: "EMAIL", value: "ada@home.example")),
    ],
    phones: [ContactEntry("+44 20 7946 0001", types: ["cell"])])

  /// Records the drafts the editor saves and answers with them applied to Ada.
  final class Saves: Sendable {
    let drafts = Mutex<[ContactDraft]>([])

    var client: ContactsClient {
      ContactsClient(
        count: { 1 }, page: { _, _ in [] },
        update: { id, draft, _ in
          self.drafts.withLock { $0.append(draft) }
          return draft.applied(to: ContactEditorTests.ada)
        })
    }
  }

  private func editor(focused field: ContactEditor.Field) -> ContactEditor {
    var editor = ContactEditor(id: 7, contact: Self.ada)
    editor.focus.focus(field)
    return editor
  }

  @Test func everyListShowsARowEvenWhenTheContactHasNone() {
    let editor = ContactEditor(id: 7, contact: Self.ada)
    #expect(editor.rows[.email]?.map(\.value.text) == ["ada@work.example", "ada@home.example"])
    #expect(editor.rows[.address]?.count == 1 && editor.rows[.address]?[0].value.text == "")
    #expect(editor.rows[.url]?.count == 1)
    #expect(!editor.hasChanges, "the empty rows are not changes")
    #expect(editor.fields.contains(.entry(.address, 0, .value)))
  }

  @Test func ctrlNAddsAnEntryAfterTheFocusedOneAndCtrlXRemovesIt() {
    let store = TestStore(
      initialState: editor(focused: .entry(.email, 0, .type)), reducer: contactEditorReducer(client: Saves().client))
    store.send(.key(.ctrl("n"))) {
      $0.rows[.email]?.insert(ContactEditor.EntryRow(), at: 1)
      $0.focus = FocusRing(ContactEditor.order($0.rows), focused: .entry(.email, 1, .value))
    }
    #expect(store.state.rows[.email]?.map(\.value.text) == ["ada@work.example", "", "ada@home.example"])
    store.send(.paste("ada@new.example")) {
      $0.rows[.email]?[1].value.set("ada@new.example")
      $0.edited = [.entry(.email, 1, .value)]
    }
    store.send(.key(.tab)) { $0.focus.focus(.entry(.email, 1, .type)) }
    store.send(.key(.character("w"))) {
      $0.rows[.email]?[1].type.set("w")
      $0.edited = [.entry(.email, 1, .value), .entry(.email, 1, .type)]
    }
    // Removing the first entry moves the new one (and its edited marks) up.
    store.send(.key(.up)) { $0.focus.focus(.entry(.email, 1, .value)) }
    store.send(.key(.up)) { $0.focus.focus(.entry(.email, 0, .type)) }
    store.send(.key(.up)) { $0.focus.focus(.entry(.email, 0, .value)) }
    store.send(.key(.ctrl("x"))) {
      $0.rows[.email]?.remove(at: 0)
      $0.edited = [.entry(.email, 0, .value), .entry(.email, 0, .type)]
      $0.focus = FocusRing(ContactEditor.order($0.rows), focused: .entry(.email, 0, .value))
    }
    #expect(store.state.rows[.email]?.map(\.value.text) == ["ada@new.example", "ada@home.example"])
    #expect(store.state.rows[.email]?.map(\.origin) == [nil, 1])
    #expect(store.state.hasChanges)
  }

  @Test func removingTheLastEntryOfAListEmptiesItsRow() {
    let store = TestStore(
      initialState: editor(focused: .entry(.phone, 0, .value)), reducer: contactEditorReducer(client: Saves().client))
    store.send(.key(.ctrl("x"))) {
      $0.rows[.phone] = [ContactEditor.EntryRow()]
    }
    #expect(store.state.draft.phones.isEmpty)
    #expect(store.state.fields.contains(.entry(.phone, 0, .value)), "the list can still be added to")
  }

  @Test func listKeysOutsideAListSayWhereTheyWork() {
    let store = TestStore(initialState: editor(focused: .name), reducer: contactEditorReducer(client: Saves().client))
    store.send(.key(.ctrl("n"))) {
      $0.notice = "Ctrl-N adds an entry to the email, phone, address or web list it is pressed in"
    }
    store.send(.key(.ctrl("x"))) {
      $0.notice = "Ctrl-X removes the email, phone, address or web entry it is pressed in"
    }
  }

  @Test func ctrlPMovesThePreferredMarkWithinItsList() {
    let store = TestStore(
      initialState: editor(focused: .entry(.email, 1, .value)), reducer: contactEditorReducer(client: Saves().client))
    store.send(.key(.ctrl("p"))) {
      $0.rows[.email]?[0].isPreferred = false
      $0.rows[.email]?[1].isPreferred = true
    }
    store.send(.key(.ctrl("p"))) { $0.rows[.email]?[1].isPreferred = false }
    #expect(store.state.rows[.phone]?[0].isPreferred == false, "other lists keep theirs")
  }

  @Test func eachEntryShowsItsOwnProblemAndASaveGoesToTheFirst() {
    let saves = Saves()
    let store = TestStore(
      initialState: editor(focused: .entry(.email, 1, .value)), reducer: contactEditorReducer(client: saves.client))
    store.send(.key(.ctrl("u"))) {
      $0.rows[.email]?[1].value.set("")
      $0.edited = [.entry(.email, 1, .value)]
    }
    store.send(.paste("not an email")) { $0.rows[.email]?[1].value.set("not an email") }
    #expect(store.state.problem(.entry(.email, 1, .value)) == "Enter a valid email address")
    #expect(store.state.problem(.entry(.email, 0, .value)) == nil)
    store.send(.key(.tab)) { $0.focus.focus(.entry(.email, 1, .type)) }
    store.send(.key(.tab)) { $0.focus.focus(.entry(.phone, 0, .value)) }
    store.send(.key(.ctrl("a"))) { $0.rows[.phone]?[0].value.handle(.ctrl("a")) }
    store.send(.paste("phone: ")) {
      $0.rows[.phone]?[0].value.insert("phone: ")
      $0.edited.insert(.entry(.phone, 0, .value))
    }
    #expect(store.state.problem(.entry(.phone, 0, .value)) == "Use digits, spaces and + - ( ) . / x")
    store.send(.save) {
      $0.edited = Set($0.fields)
      $0.focus.focus(.entry(.email, 1, .value))
    }
    #expect(saves.drafts.withLock { $0.isEmpty }, "nothing was saved")
  }

  @Test func aSaveSendsEveryEntryAndKeepsWhatWasNotEdited() async {
    let saves = Saves()
    let store = TestStore(
      initialState: editor(focused: .entry(.email, 0, .value)), reducer: contactEditorReducer(client: saves.client))
    // Remove the work address, add a web address, keep the home one as it was.
    store.send(.key(.ctrl("x"))) {
      $0.rows[.email]?.remove(at: 0)
      $0.focus = FocusRing(ContactEditor.order($0.rows), focused: .entry(.email, 0, .value))
    }
    for field in [ContactEditor.Field.entry(.email, 0, .type), .entry(.phone, 0, .value), .entry(.phone, 0, .type)] {
      store.send(.key(.tab)) { $0.focus.focus(field) }
    }
    store.send(.key(.tab)) { $0.focus.focus(.entry(.address, 0, .value)) }
    store.send(.key(.tab)) { $0.focus.focus(.entry(.address, 0, .type)) }
    store.send(.key(.tab)) { $0.focus.focus(.entry(.url, 0, .value)) }
    store.send(.paste(" https://ada.example ")) {
      $0.rows[.url]?[0].value.set(" https://ada.example ")
      $0.edited = [.entry(.url, 0, .value)]
    }
    store.send(.key(.ctrl("s")))
    await store.receive(.save) { $0.status = .saving }
    var expected = ContactDraft(Self.ada)
    expected.emails.removeFirst()
    expected.urls = [ContactDraft.Entry("https://ada.example")]
    let savedContact = expected.applied(to: Self.ada)
    // What follows a save is the app reducer's (AppFlowTests): the form itself changes no more.
    await store.receive(.saved(savedContact))
    await store.finish()
    let draft = saves.drafts.withLock { $0.first }
    #expect(draft?.emails == [ContactDraft.Entry("ada@home.example", label: "home", origin: 1)])
    #expect(draft?.urls == [ContactDraft.Entry("https://ada.example")], "trimmed, empty rows dropped")
    #expect(draft?.addresses == [])
    // The home address keeps its group: it was not edited.
    let applied = draft.map { $0.applied(to: Self.ada) }
    #expect(applied?.emails.map(\.source?.group) == ["item2"])
    #expect(applied?.phones == Self.ada.phones)
  }

  /// A client whose stored contact was saved by someone else: a save that started from Ada
  /// is refused with what is stored now; one that started from that saves.
  final class Elsewhere: Sendable {
    nonisolated static let theirs: Contact = {
      var theirs = ContactEditorTests.ada
      theirs.name = "Ada King"
      theirs.title = "Countess"
      theirs.revision = Date(timeIntervalSince1970: 2_000)
      return theirs
    }()
    let saves = Mutex<[ContactDraft]>([])

    var client: ContactsClient {
      ContactsClient(
        count: { 1 }, page: { _, _ in [] },
        update: { _, draft, startedFrom throws(ContactSaveError) in
          guard startedFrom?.revision == Self.theirs.revision else {
            throw .changedElsewhere(current: Self.theirs)
          }
          self.saves.withLock { $0.append(draft) }
          return draft.applied(to: Self.theirs)
        })
    }
  }

  private func conflicted(_ elsewhere: Elsewhere) async -> TestStore<ContactEditor, ContactEditorAction> {
    var editor = editor(focused: .name)
    editor.inputs[.name]?.set("Ada Lovelace-Byron")
    editor.edited = [.name]
    let store = TestStore(initialState: editor, reducer: contactEditorReducer(client: elsewhere.client))
    store.send(.key(.ctrl("s")))
    await store.receive(.save) { $0.status = .saving }
    await store.receive(.saveFailed(.changedElsewhere(current: Elsewhere.theirs))) {
      $0.status = .failed(.changedElsewhere(current: Elsewhere.theirs))
    }
    await store.finish()
    return store
  }

  @Test func aSaveOverANewerRevisionAsksAndKeepMineSavesOverIt() async {
    let elsewhere = Elsewhere()
    let store = await conflicted(elsewhere)
    store.send(.key(.character("x")))  // the form is closed to edits while it asks
    // m, on the screen's key map. My name over theirs; their title, which I did not touch, stays.
    var mine = ContactDraft(Elsewhere.theirs)
    mine.name = "Ada Lovelace-Byron"
    store.send(.resolve(.keepMine)) {
      $0.inputs[.title]?.set("Countess")
      $0.startedFrom = Elsewhere.theirs
      $0.status = .saving
    }
    let saved = mine.applied(to: Elsewhere.theirs)
    await store.receive(.saved(saved))
    await store.finish()
    #expect(elsewhere.saves.withLock { $0.map(\.name) } == ["Ada Lovelace-Byron"])
    #expect(elsewhere.saves.withLock { $0.map(\.title) } == ["Countess"])
  }

  @Test func takeTheirsLoadsWhatIsStoredNow() async {
    let store = await conflicted(Elsewhere())
    store.send(.resolve(.takeTheirs)) {
      $0.load(Elsewhere.theirs)
      $0.notice = "Loaded the contact as it was saved elsewhere"
    }
    #expect(store.state.inputs[.name]?.text == "Ada King")
    #expect(!store.state.hasChanges)
  }

  @Test func escKeepsEditingAndTheNextSaveAsksAgain() async {
    let store = await conflicted(Elsewhere())
    store.send(.resolve(.keepEditing)) { $0.status = .editing }  // Esc, on the screen's key map
    #expect(store.state.inputs[.name]?.text == "Ada Lovelace-Byron")
    store.send(.key(.ctrl("s")))
    await store.receive(.save) { $0.status = .saving }
    await store.receive(.saveFailed(.changedElsewhere(current: Elsewhere.theirs))) {
      $0.status = .failed(.changedElsewhere(current: Elsewhere.theirs))
    }
    await store.finish()
  }
}
