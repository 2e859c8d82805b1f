import ContactsTesting
import SnapshotTesting
import TerminalTesting
import TerminalUI
import TestSupport
import Testing

/// The four built-in themes on two screens of the real app (the list, and the editor with a
/// field focused), and one theme mapped down to a 16-colour terminal: the same text in every
/// theme, in looks of its own.
@MainActor
struct ThemeSnapshotTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test func eachBuiltInThemeOnTheListAndTheEditor() async throws {
    defer { directory.remove() }
    let app = try await AppDriver(
      databasePath: directory.path("contacts.sqlite"), size: Size(width: 80, height: 24), route: .signIn)
    try await app.seedAda()
    await app.signIn(email: adaEmail, password: adaPassword)

    var lists: [Frame] = []
    for (name, theme) in Theme.builtIn {
      app.app.wireframe.theme = theme
      lists.append(app.frame())
      assertSnapshot(of: lists.last!, as: .frame, named: "list-\(name)")
    }
    #expect(lists[0].lines.contains { $0.contains("Ada Lovelace") })
    await app.press(.enter, .character("e"))
    var editors: [Frame] = []
    for (name, theme) in Theme.builtIn {
      app.app.wireframe.theme = theme
      editors.append(app.frame())
      assertSnapshot(of: editors.last!, as: .frame, named: "editor-\(name)")
    }
    #expect(editors[0].cursor != nil, "a field has the focus")
    for frames in [lists, editors] {
      #expect(Set(frames.map(\.lines)).count == 1, "the same text in every theme")
      #expect(colors(in: frames[3]) == [.default], "monochrome has no colour")
    }
    #expect(Set(editors.map(FrameText.render)).count == Theme.builtIn.count, "each theme looks its own")
    // The dark list has no colour either (attributes carry it): only three looks there.
    #expect(Set(lists.map(FrameText.render)).count == Theme.builtIn.count - 1)

    // On a 16-colour terminal the light theme's 256-colour greys and blues become the nearest
    // of the sixteen.
    app.app.wireframe.theme = .light
    app.app.wireframe.colorDepth = .ansi16
    let mapped = app.frame()
    assertSnapshot(of: mapped, as: .frame, named: "editor-light-16-colours")
    for color in colors(in: mapped) {
      if case .palette(let index) = color { #expect(index < 16, "\(color)") }
    }
    #expect(colors(in: mapped).count > 2)
    #expect(mapped.lines == editors[0].lines)
  }

  private func colors(in frame: Frame) -> Set<Color> {
    Set(frame.cells.flatMap { [$0.style.foreground, $0.style.background] })
  }
}
