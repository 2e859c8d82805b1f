import ContactsCore
import ContactsTesting
import Foundation
import SnapshotTesting
import TerminalTesting
import TerminalUI
import TestSupport
import Testing

/// The contacts list is sized by its table, which says how many rows it shows once laid out
/// (`ContactsBrowserScreen.list(_:showsRows:)`): no code of the app counts the header line, the
/// table's header or the bars. Its window then holds exactly the rows on screen, every one of
/// them loaded, alone on 80 columns and in the left pane of a split at 120.
@MainActor
struct ListRowsScreenTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(arguments: [(Size(width: 80, height: 24), 80), (Size(width: 120, height: 40), 48)])
  func theListLoadsExactlyTheRowsItShows(size: Size, listWidth: Int) async throws {
    defer { directory.remove() }
    let app = try await AppDriver(databasePath: directory.path("contacts.sqlite"), size: size, route: .signIn)
    _ = try await app.seed(email: adaEmail, password: adaPassword, contacts: 100)
    await app.signIn(email: adaEmail, password: adaPassword)
    let frame = app.frame()

    // The rows the table shows: under its header, above the help bar, not blank in its pane.
    let header = try #require(frame.lines.firstIndex { $0.contains("Name") && $0.contains("Phone") })
    let listed = frame.lines[(header + 1)..<(size.height - 1)].map { String($0.prefix(listWidth - 1)) }
      .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    #expect(listed.count == size.height - 4, "the bars, the count's line and the table's header aside")

    let browser = try #require(app.state.signedIn?.browser)
    #expect(browser.window.visible == listed.count)
    #expect(app.state.listRows == listed.count)
    #expect(app.state.signedIn?.search.window.visible == listed.count)
    // Each row on screen is a loaded contact's, in order.
    let shown = browser.visibleRows
    #expect(shown.count == listed.count)
    for (row, contact) in zip(listed, shown) {
      let name = try #require(contact?.name, "every row on screen is loaded")
      #expect(row.contains(String(name.prefix(12))), "\(row) shows \(name)")
    }
    assertSnapshot(of: frame, as: .frame, named: "\(size.width)x\(size.height)")
  }
}
