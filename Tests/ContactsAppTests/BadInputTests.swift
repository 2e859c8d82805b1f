import ContactsCore
import ContactsModel
import ContactsServices
import ContactsTesting
import Foundation
import TerminalUI
import TestSupport
import Testing

/// Raw bytes a broken terminal, a cat or a clipboard could send, decoded as the run loop
/// decodes them and handed to the real app: nothing crashes, nothing typed before is lost, and
/// the app goes on working.
@MainActor
struct BadInputTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Decodes `bytes` in chunks of `chunk` (as reads of a pty deliver them) and sends the events.
  private func feed(_ bytes: [UInt8], to app: AppDriver, chunk: Int = 4_096) async {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    var start = 0
    while start < bytes.count {
      events += decoder.feed(bytes[start..<min(bytes.count, start + chunk)])
      start += chunk
    }
    events += decoder.flushPending()
    for event in events { await app.send(.input(event)) }
  }

  private func signedIn() async throws -> AppDriver {
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)
    #expect(app.state.signedIn != nil)
    return app
  }

  @Test func invalidUTF8IsDroppedAndTheRestStillTypes() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"))
    try await app.seedAda()
    // Lone continuation bytes, a truncated sequence, an overlong slash, a UTF-16 surrogate,
    // bytes that never occur in UTF-8 — around the real email.
    let garbage: [[UInt8]] = [
      [0x80], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF, 0xFE], [0xF8, 0x88, 0x80, 0x80],
    ]
    var bytes: [UInt8] = []
    for (index, character) in adaEmail.utf8.enumerated() {
      bytes += garbage[index % garbage.count]
      bytes.append(character)
    }
    await feed(bytes, to: app)
    #expect(app.state.signedOut?.signIn.form.text(.email) == adaEmail)
    #expect(app.frame().isWellFormed)
    await app.press(.tab)
    await app.type(adaPassword)
    await app.press(.enter)
    #expect(app.state.signedIn?.user.email == adaEmail)
  }

  @Test func escapeSequenceGarbageChangesNothingAndLeavesNoStrayText() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    let before = app.state
    // Unknown CSI finals, OSC/DCS strings, terminated and not, a CSI with thousands of
    // parameters, mouse reports we never asked for, a focus report, a lone ESC at the end.
    let garbage =
      "\u{1B}[999;999;999Z\u{1B}]0;title\u{7}\u{1B}]52;c;AAAA\u{1B}\\\u{1B}P1$r0m\u{1B}\\\u{1B}[<0;10;5M"
      + "\u{1B}[" + String(repeating: "1;", count: 5_000) + "m" + "\u{1B}[M !!\u{1B}[I\u{1B}[?2026;2$y\u{1B}"
    await feed(Array(garbage.utf8), to: app)
    // The mouse report's bytes may decode as keys ("M !!"): whatever they did, the list
    // must still be the list, and no control character may be on screen.
    let frame = app.frame()
    #expect(frame.isWellFormed)
    #expect(!frame.lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(app.state.signedIn?.user == before.signedIn?.user)
    #expect(app.state.signedIn?.browser.count == before.signedIn?.browser.count)
    // And it still answers keys.
    await app.press(.character("/"))
    await app.type("ada")
    #expect(app.state.signedIn?.search.results?.contacts.first?.name == "Ada Lovelace")
  }

  @Test func aMegabytePasteIsCutToTheFieldAndNothingElseIsLost() async throws {
    defer { directory.remove() }
    let app = try await signedIn()
    await app.press(.character("a"))
    await app.type("Pasted Person")
    await app.press(.backTab, .backTab)  // round past Save to Notes
    let megabyte = String(repeating: "Zoë 李小龍 👩‍💻 line\r\n", count: 40_000)
    #expect(megabyte.utf8.count > 1_000_000)
    await feed(Array(("\u{1B}[200~" + megabyte + "\u{1B}[201~").utf8), to: app)
    let editor = try #require(app.state.signedIn?.editor)
    #expect(editor.form.text(.name) == "Pasted Person")
    let notes = editor.form.text(.notes)
    #expect(notes.count == 10_000)  // the notes field's limit
    #expect(notes.hasPrefix("Zoë 李小龍 👩‍💻 line"))
    #expect(editor.form.notice?.contains("cut") == true)
    #expect(app.frame().isWellFormed)
    await app.press(.ctrl("s"))
    #expect(app.screenText.contains("Saved “Pasted Person”"))
    let saved = try await ContactStore(database: app.database).search(
      account: try #require(app.state.signedIn?.user.id), query: "Pasted", limit: 5)
    #expect(saved.contacts.first?.notes == notes.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
