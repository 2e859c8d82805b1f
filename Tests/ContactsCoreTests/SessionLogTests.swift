import ContactsCore
import ContactsLive
import ContactsModel
import Foundation
import Navigation
import SessionRecording
import TerminalUI
import Testing

/// The session log's format: keys by name, actions as JSON, headers checked, damage reported
/// by line.
struct SessionLogTests {
  @Test func everyKeyRoundTripsThroughItsName() throws {
    var keys: [Key] = [
      .enter, .tab, .backTab, .escape, .backspace, .delete, Key(.insert), .up, .down, .left, .right, .home, .end,
      .pageUp, .pageDown, Key(.function(5)), Key(.function(12), modifiers: .shift), .ctrl("c"), .ctrl("-"),
      Key(.left, modifiers: [.control, .alt]), Key(.character("x"), modifiers: .alt),
    ]
    keys += ["a", "Z", " ", "-", "F", "↑", "李", "👩‍💻", "🇸🇪", "é", "\""].map { Key.character($0) }
    for key in keys {
      #expect(Key(name: key.name) == key, "\(key.name)")
      let data = try JSONEncoder().encode(key)
      #expect(try JSONDecoder().decode(Key.self, from: data) == key)
    }
    // A typed arrow character is not the arrow key.
    #expect(Key.character("↑").name != Key.up.name)
    #expect(Key(name: "Ctrl-") == Key(.character("-"), modifiers: .control) || Key(name: "Ctrl-") == nil)
    #expect(Key(name: "Nonsense") == nil)
    #expect(Key(name: "") == nil)
  }

  @Test func actionsRoundTrip() throws {
    let contact = Contact(id: 7, name: "Zoë Ångström", email: "zoe@example.com")
    let actions: [AppAction] = [
      .started, .resized(Size(width: 80, height: 24)), .signIn(.form(.edit(.deleteToStart))),
      .signIn(.response(.success(SignedInUser(id: 1, email: "a@b.example")))),
      .signUp(.response(.failure(.tooManyAttempts(retryAfterSeconds: 30)))), .signIn(.lastEmailLoaded(nil)),
      .browser(.pageLoaded(.after(contact.position), [contact])),
      .search(.answered(query: "zo", ContactSearchResult(contacts: [contact], total: 1, isTotalExact: true))),
      .detail(.loaded(7, .failed("gone"))), .editor(.saved(contact)), .deleted(contact, neighbour: nil),
      .askToDelete(contact), .dismissDialog, .route(.pop),
    ]
    for action in actions {
      let entry = SessionEntry<AppAction>.effect(action)
      let decoded = try JSONDecoder().decode(SessionEntry<AppAction>.self, from: JSONEncoder().encode(entry))
      guard case .effect(let back) = decoded else {
        Issue.record("decoded \(decoded)")
        continue
      }
      #expect(back == action)
    }
  }

  @Test func aFileThatIsNotASessionLogIsRefusedWithAReason() throws {
    #expect(throws: SessionLog<AppAction>.ReadError.notASessionLog(path: "the log")) {
      try SessionLog<AppAction>.parse(Data("hello\n".utf8))
    }
    var header = ContactsApp.sessionHeader(size: Size(width: 80, height: 24), route: "auth/sign-in")
    header.version = 99
    let future = try JSONEncoder().encode(header) + [0x0A]
    #expect(throws: SessionLog<AppAction>.ReadError.unsupportedVersion(99)) {
      try SessionLog<AppAction>.parse(future)
    }
  }

  @Test func aDamagedLineIsReportedByNumber() throws {
    let header = try JSONEncoder().encode(
      ContactsApp.sessionHeader(size: Size(width: 80, height: 24), route: "contacts"))
    let text =
      String(decoding: header, as: UTF8.self) + "\n" + #"{"input":{"key":"a"}}"# + "\n"
      + #"{"input":{"key":"NoSuchKey"}}"# + "\n" + #"{"input":{"tick":true}}"# + "\n"
    do {
      _ = try SessionLog<AppAction>.parse(Data(text.utf8))
      Issue.record("a damaged line was accepted")
    } catch {
      guard case .malformedLine(let number, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(number == 3)
      #expect(reason.contains("NoSuchKey"))
    }
  }
}
