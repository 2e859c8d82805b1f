import ContactsModel
import Flow
import FlowTesting
import Foundation
import Synchronization
import TerminalUI
import Testing
import VCardFormat

@testable import ContactsCore

/// The editor on the framework's form: lists by keyboard alone (adding, moving and removing
/// entries, the preferred mark), per-entry problems, a save that sends every entry and keeps
/// what was not edited, and the question when the contact changed elsewhere.
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
        count: { _ in 1 }, page: { _, _, _ in [] },
        update: { id, draft, _ in
          self.drafts.withLock { $0.append(draft) }
          return draft.applied(to: ContactEditorTests.ada)
        })
    }
  }

  private func editor(focused place: FormPlace<ContactEditor.Field>) -> ContactEditor {
    var editor = ContactEditor(id: 7, contact: Self.ada)
    editor.form.move(to: place)
    editor.form.touched = []
    return editor
  }

  /// `editor`'s form after `intent`, as the framework's form makes it.
  private func applied(_ intent: FormIntent, to editor: inout ContactEditor) {
    editor.form.apply(intent, rules: ContactEditor.rules)
  }

  @Test func everyListShowsAnEntryEvenWhenTheContactHasNone() {
    let editor = ContactEditor(id: 7, contact: Self.ada)
    #expect(editor.form.entries(.email).map(\.value.text) == ["ada@work.example", "ada@home.example"])
    #expect(editor.form.entries(.address) == [FormEntry()])
    #expect(editor.form.entries(.url).count == 1)
    #expect(!editor.hasChanges, "the empty entries are not changes")
    #expect(editor.form.order.contains(.entry(.address, 0)))
  }

  /// The rules trim every field on each edit without Foundation: the same text as Foundation's
  /// trimming, odd white space and combining marks included.
  @Test func trimmingIsFoundationsWithoutFoundation() {
    let texts = [
      "", " ", "Ada", "  Ada Lovelace ", "\t\r\nAda\u{85}", "\u{3000}李小龍\u{2029}", "\u{A0}\u{202F}Zoë\u{205F}",
      " \u{301}e", "e\u{301} ", "👩‍💻\u{2003}", "\u{200B}zero width\u{200B}", "\u{1680}\u{2000}\u{200A}",
      " a b ", "!Ada~", "\u{7F}Ada\u{7F}", "\u{20}~\u{20}",
    ]
    for text in texts {
      #expect(
        text.trimmedOfWhiteSpace == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
    }
    for text in texts + ["\t \u{3000}", "\u{A0}", "\n", " \u{200B}", "\u{7F}", "!"] {
      #expect(
        text.isBlank == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(text.debugDescription) is blank")
    }
    var draft = ContactDraft(Self.ada)
    draft.name = " Ada\u{3000}"
    draft.emails[1].label = "home\n"
    #expect(draft.trimmed.name == "Ada")
    #expect(draft.trimmed.emails.map(\.label) == ["work", "home"])
  }

  /// A phone number is checked by its bytes: the characters it may have, and none other, an
  /// other script's digits included.
  @Test func aPhoneNumberHasOnlyItsOwnCharacters() {
    for good in ["", "+1 (555) 010-9999 x12", "#31#*", "0.1/2"] {
      #expect(ContactDraft.problem(of: .phone(0), good) == nil, "\(good)")
    }
    for bad in ["٣٤٥", "+1 555 O100", "555\u{2011}0100", "call me", "1\t2", "１２３"] {
      #expect(ContactDraft.problem(of: .phone(0), bad) == "Use digits, spaces and + - ( ) . / x", "\(bad)")
    }
  }

  /// The rules, found field by field from the form's text, are the problems of the trimmed
  /// draft the form would save, and whether anything changed is whether that draft differs.
  @Test func theRulesAreTheTrimmedDraftsProblemsFieldByField() {
    var odd = ContactDraft(Self.ada)
    odd.name = String(repeating: "a", count: 201)
    odd.emails[0].value = " not an email "
    odd.phones = [ContactDraft.Entry("+44 20"), ContactDraft.Entry("call me"), ContactDraft.Entry(" ")]
    odd.urls = [ContactDraft.Entry("https://a.example/x y"), ContactDraft.Entry(" https://b.example ")]
    odd.birthday = "1815-13-10"
    odd.anniversary = " --12-10 "
    odd.notes = String(repeating: "é", count: 10_001)
    var blank = ContactDraft()
    blank.name = " \u{3000}\t"
    var spaces = ContactDraft()
    spaces.name = String(repeating: " ", count: 201)
    var long = ContactDraft()
    long.name = String(repeating: "李", count: 100)
    long.notes = String(repeating: "👩‍💻", count: 3_000)
    for draft in [ContactDraft(), ContactDraft(Self.ada), odd, blank, spaces, long] {
      let form = ContactEditor.form(for: draft)
      let expected = Dictionary(
        uniqueKeysWithValues: ContactEditor.draft(of: form, over: ContactDraft()).trimmed.problems.map {
          ($0.key.place, $0.value)
        })
      #expect(ContactEditor.rules(form) == expected, "\(draft.name.prefix(10))")
    }
    var editor = ContactEditor(id: 7, contact: Self.ada)
    for intent: FormIntent in [.edit(.insert("x")), .edit(.deleteBackward), .next, .next, .addEntry, .paste(" ")] {
      applied(intent, to: &editor)
      #expect(editor.hasChanges == (editor.draft != editor.original), "after \(intent)")
    }
    editor.form.set(.nickname, text: "Countess")
    #expect(editor.hasChanges)
  }

  @Test func anEntryIsAddedAfterTheFocusedOneAndRemoved() {
    let store = TestStore(
      initialState: editor(focused: .entryType(.email, 0)), reducer: contactEditorReducer(client: Saves().client))
    store.send(.form(.addEntry)) { self.applied(.addEntry, to: &$0) }
    #expect(store.state.form.entries(.email).map(\.value.text) == ["ada@work.example", "", "ada@home.example"])
    #expect(store.state.form.focus == .entry(.email, 1))
    store.send(.form(.paste("ada@new.example"))) { self.applied(.paste("ada@new.example"), to: &$0) }
    store.send(.form(.previous)) { self.applied(.previous, to: &$0) }
    store.send(.form(.previous)) { self.applied(.previous, to: &$0) }
    store.send(.form(.removeEntry)) { self.applied(.removeEntry, to: &$0) }
    #expect(store.state.form.entries(.email).map(\.value.text) == ["ada@new.example", "ada@home.example"])
    #expect(store.state.form.entries(.email).map(\.origin) == [nil, 1])
    #expect(store.state.hasChanges)
  }

  @Test func removingTheLastEntryOfAListEmptiesIt() {
    let store = TestStore(
      initialState: editor(focused: .entry(.phone, 0)), reducer: contactEditorReducer(client: Saves().client))
    store.send(.form(.removeEntry)) { self.applied(.removeEntry, to: &$0) }
    #expect(store.state.form.entries(.phone) == [FormEntry()])
    #expect(store.state.draft.phones.isEmpty)
    #expect(store.state.form.order.contains(.entry(.phone, 0)), "the list can still be added to")
  }

  @Test func thePreferredMarkMovesWithinItsList() {
    var editor = editor(focused: .entry(.email, 1))
    applied(.togglePreferred, to: &editor)
    #expect(editor.form.entries(.email).map(\.isPreferred) == [false, true])
    applied(.togglePreferred, to: &editor)
    #expect(editor.form.entries(.email).map(\.isPreferred) == [false, false])
    #expect(editor.form.entries(.phone).map(\.isPreferred) == [false], "other lists keep theirs")
    #expect(editor.draft.emails.map(\.isPreferred) == [false, false])
  }

  @Test func eachEntryShowsItsOwnProblemAndASaveGoesToTheFirst() {
    let saves = Saves()
    var editor = editor(focused: .entry(.email, 1))
    applied(.edit(.deleteToStart), to: &editor)
    applied(.paste("not an email"), to: &editor)
    #expect(editor.form.problems[.entry(.email, 1)] == "Enter a valid email address")
    #expect(editor.form.shownProblem(at: .entry(.email, 1)) == nil, "not left yet")
    applied(.next, to: &editor)
    #expect(editor.form.shownProblem(at: .entry(.email, 1)) == "Enter a valid email address")
    #expect(editor.form.problems[.entry(.email, 0)] == nil)
    applied(.next, to: &editor)
    applied(.edit(.start), to: &editor)
    applied(.paste("phone: "), to: &editor)
    #expect(editor.form.problems[.entry(.phone, 0)] == "Use digits, spaces and + - ( ) . / x")
    let store = TestStore(initialState: editor, reducer: contactEditorReducer(client: saves.client))
    store.send(.form(.submit)) {
      $0.form.submitTried = true
      $0.form.move(to: .entry(.email, 1))
      $0.form.touched.remove(.entry(.phone, 0))
    }
    #expect(saves.drafts.withLock { $0.isEmpty }, "nothing was saved")
  }

  @Test func aSaveSendsEveryEntryAndKeepsWhatWasNotEdited() async {
    let saves = Saves()
    var editor = editor(focused: .entry(.email, 0))
    // Remove the work address, add a web address, keep the home one as it was.
    applied(.removeEntry, to: &editor)
    while editor.form.focus != .entry(.url, 0) { applied(.next, to: &editor) }
    applied(.paste(" https://ada.example "), to: &editor)
    let store = TestStore(initialState: editor, reducer: contactEditorReducer(client: saves.client))
    store.send(.form(.submit)) { $0.form.isBusy = true }
    var expected = ContactDraft(Self.ada)
    expected.emails.removeFirst()
    expected.urls = [ContactDraft.Entry("https://ada.example")]
    let savedContact = expected.applied(to: Self.ada)
    // What follows a save is the app reducer's (AppFlowTests): the form is done.
    await store.receive(.saved(savedContact)) { $0.form.isBusy = false }
    await store.finish()
    let draft = saves.drafts.withLock { $0.first }
    #expect(draft?.emails == [ContactDraft.Entry("ada@home.example", label: "home", origin: 1)])
    #expect(draft?.urls == [ContactDraft.Entry("https://ada.example")], "trimmed, empty entries dropped")
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
        count: { _ in 1 }, page: { _, _, _ in [] },
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
    var editor = editor(focused: .field(.name))
    editor.form.set(.name, text: "Ada Lovelace-Byron")
    let store = TestStore(initialState: editor, reducer: contactEditorReducer(client: elsewhere.client))
    store.send(.form(.submit)) { $0.form.isBusy = true }
    let error = ContactSaveError.changedElsewhere(current: Elsewhere.theirs)
    await store.receive(.saveFailed(error)) {
      $0.form.finish(error: "\(error)")
      $0.status = .changedElsewhere(current: Elsewhere.theirs)
    }
    await store.finish()
    return store
  }

  @Test func aSaveOverANewerRevisionAsksAndKeepMineSavesOverIt() async {
    let elsewhere = Elsewhere()
    let store = await conflicted(elsewhere)
    store.send(.form(.edit(.insert("x"))))  // the form is closed to edits while it asks
    // m, on the screen's key map. My name over theirs; their title, which I did not touch, stays.
    var mine = ContactDraft(Elsewhere.theirs)
    mine.name = "Ada Lovelace-Byron"
    store.send(.resolve(.keepMine)) {
      $0.startedFrom = Elsewhere.theirs
      $0.status = .editing
      $0.form = ContactEditor.form(for: mine, focus: .field(.name))
      $0.form.isBusy = true
    }
    let saved = mine.applied(to: Elsewhere.theirs)
    await store.receive(.saved(saved)) { $0.form.isBusy = false }
    await store.finish()
    #expect(elsewhere.saves.withLock { $0.map(\.name) } == ["Ada Lovelace-Byron"])
    #expect(elsewhere.saves.withLock { $0.map(\.title) } == ["Countess"])
  }

  @Test func takeTheirsLoadsWhatIsStoredNow() async {
    let store = await conflicted(Elsewhere())
    store.send(.resolve(.takeTheirs)) {
      $0.load(Elsewhere.theirs)
      $0.form.notice = "Loaded the contact as it was saved elsewhere"
    }
    #expect(store.state.form.text(.name) == "Ada King")
    #expect(!store.state.hasChanges)
  }

  @Test func keepEditingAndTheNextSaveAsksAgain() async {
    let store = await conflicted(Elsewhere())
    store.send(.resolve(.keepEditing)) { $0.status = .editing }  // Esc, on the screen's key map
    #expect(store.state.form.text(.name) == "Ada Lovelace-Byron")
    store.send(.form(.submit)) {
      $0.form.isBusy = true
      $0.form.serverError = nil
    }
    let error = ContactSaveError.changedElsewhere(current: Elsewhere.theirs)
    await store.receive(.saveFailed(error)) {
      $0.form.finish(error: "\(error)")
      $0.status = .changedElsewhere(current: Elsewhere.theirs)
    }
    await store.finish()
  }
}
