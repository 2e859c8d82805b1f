import Testing

@testable import TerminalUI

/// The bytes a list scrolled with the terminal's scroll region costs, read from the other side of
/// a pty: a list that says where it is (``Frame/listPosition``) is scrolled only in a way that
/// writes no more than drawing the same Downs without that report, or without any scroll.
@Suite(.serialized)
@MainActor
struct ListScrollBytesTests {
  static let size = Size(width: 60, height: 16)
  static let names = ["Ada", "Zoë", "José", "Grace", "李", "Ørjan", "Amélie", "Kenji", "Fatima", "Lars"]

  /// A title, a list of names and phones with its header and the selection reversed, and a help
  /// line; beside a pane (a divider and a line of text, as the app's preview) when `pane`.
  static func listScreen(_ window: ScrollWindow, pane: Bool) -> Frame {
    var frame = Frame(size: size)
    let list = ListView(
      columns: [ListColumn("Name", .fill), ListColumn("Phone", .fixed(14))],
      rows: window.visibleRange.map { ListRow(["\(names[$0 % names.count]) \($0)", "+1 555 \($0 * 7919 % 10_000)"]) },
      window: window, control: "names")
    let listWidth = pane ? 34 : size.width
    VStack([
      .fixed(1, Text("Contacts  \(window.selected + 1) of \(window.total)")),
      .fill(list),
      .fixed(1, Text("↑↓ Move  q Quit")),
    ]).render(into: &frame, in: Rect(x: 0, y: 0, width: listWidth, height: size.height))
    if pane {
      for y in 1..<(size.height - 1) { frame.set(Cell("│"), at: Point(x: listWidth, y: y)) }
      frame.write("Nothing selected", at: Point(x: 40, y: size.height / 2), style: Style.plain.dim)
    }
    return frame
  }

  /// Forty Downs from the top of a list of 500: the selection walks to the last row, then the
  /// list scrolls a row at each. The window is as tall as the list says it showed, as an app's
  /// state learns it.
  static func downs(pane: Bool) -> [Frame] {
    var window = ScrollWindow(total: 500)
    window.resize(visible: listScreen(window, pane: pane).shownRows(of: "names") ?? 0)
    var frames = [listScreen(window, pane: pane)]
    for _ in 0..<40 {
      window.move(by: 1)
      frames.append(listScreen(window, pane: pane))
    }
    return frames
  }

  /// The bytes each frame after the first writes on an xterm in a pty.
  static func bytesWritten(_ frames: [Frame], backendScrolls: Bool = true) throws -> [Int] {
    try onXtermInPty(size: size) { pty, backend, renderer in
      if !backendScrolls { backend.scrollsRows = false }
      renderer.render(frames[0])
      _ = pty.readAvailable()
      return frames.dropFirst().map { frame in
        renderer.render(frame)
        return pty.readAvailable().count
      }
    }
  }

  @Test(arguments: [false, true])
  func aDownWritesNoMoreWithTheListsScrollThanWithout(pane: Bool) throws {
    let reported = Self.downs(pane: pane)
    #expect(reported.allSatisfy { $0.listPosition != nil })
    let unreported = reported.map { frame in
      var frame = frame
      frame.listPosition = nil
      return frame
    }
    let withReport = try Self.bytesWritten(reported)
    let searched = try Self.bytesWritten(unreported)
    let unscrolled = try Self.bytesWritten(reported, backendScrolls: false)
    for step in withReport.indices {
      #expect(
        withReport[step] <= searched[step],
        "Down \(step + 1): \(withReport[step]) bytes, \(searched[step]) without the report")
      #expect(
        withReport[step] <= unscrolled[step],
        "Down \(step + 1): \(withReport[step]) bytes, \(unscrolled[step]) without a scroll")
    }
    // The list did scroll, and the scroll saved bytes.
    #expect(withReport.reduce(0, +) < unscrolled.reduce(0, +))
  }
}
