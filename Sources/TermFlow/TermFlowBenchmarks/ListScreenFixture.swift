import Benchmarking
import TerminalUI

/// A contacts-list screen like the app's: a title with the count, a three-column virtualised
/// list, a status bar and a help bar. Rows are generated deterministically, some non-ASCII.
@MainActor
enum ListScreenFixture {
  static let total = 1_000_000
  private static let firstNames = ["Ada", "Zoë", "José", "Grace", "李", "Ørjan", "Amélie", "Kenji", "Fatima", "Lars"]
  private static let lastNames = ["Lovelace", "Ångström", "Núñez", "Hopper", "小龍", "Berg", "Dubois", "Sato", "Khan"]

  static func row(_ index: Int) -> ListRow {
    let first = firstNames[index % firstNames.count]
    let last = lastNames[(index / firstNames.count) % lastNames.count]
    return ListRow([
      "\(first) \(last) \(index)", "+1 555 \(index % 10_000)", "\(first.lowercased())\(index)@example.com",
    ])
  }

  /// Laid out like the C ncurses peer's list (the tuibench harness's `peers/c/contacts.c`, draw_list):
  /// a reverse title bar with the count and position, a bold underlined header, the rows, and
  /// a help line; no scrollbar.
  static func frame(size: Size, window: ScrollWindow, rows: [ListRow]) -> Frame {
    var frame = Frame(size: size)
    let list = ListView(
      columns: [ListColumn("Name", .fixed(34)), ListColumn("Phone", .fixed(18)), ListColumn("Email", .fill)],
      rows: rows, window: window, showsScrollbar: false, control: control)
    VStack([
      .fixed(1, StatusBar(left: [Span("Contacts (\(total))")], right: [Span("\(window.selected + 1)/\(total)")])),
      .fill(Padding(list, left: 1)),
      .fixed(1, Text(" Up/Down move   PgUp/PgDn page   Enter details   Esc back   q quit")),
    ]).render(into: &frame, in: frame.bounds)
    return frame
  }

  /// The name its list is drawn by, as the app's is: the list then says how many rows it shows.
  static let control = "contacts"

  /// The rows `fixture`'s list shows at `size`, as the list says once drawn: what a window of
  /// the list's rows is sized by, with none of the screen's chrome counted here.
  static func listRows(at size: Size, in fixture: (Size, ScrollWindow, [ListRow]) -> Frame) -> Int {
    fixture(size, ScrollWindow(total: total), []).shownRows(of: control) ?? 1
  }

  /// Laid out like the app's list at 120 columns and more (the wireframe's split): the list with
  /// its scrollbar in the left 48 columns, a divider, and the preview pane on the right, blank
  /// while the selection moves (see the app's `ContactPreview`). ncurses' own scroll detection
  /// pairs only rows identical across the full width: any line in the pane would break it.
  static func splitFrame(size: Size, window: ScrollWindow, rows: [ListRow]) -> Frame {
    var frame = Frame(size: size)
    let list = ListView(
      columns: [ListColumn("Name", .fill), ListColumn("Phone", .fixed(18))],
      rows: rows.map { ListRow(Array($0.cells.prefix(2))) }, window: window, control: control)
    let listWidth = 48
    VStack([
      .fixed(1, StatusBar(left: [Span("Contacts (\(total))")], right: [Span(ListView.positionLabel(window))])),
      .fill(list),
      .fixed(1, Text(" ↑↓ Move  Enter Open  / Search  q Quit")),
    ]).render(into: &frame, in: Rect(x: 0, y: 0, width: listWidth, height: size.height))
    for y in 1..<(size.height - 1) {
      frame.set(Cell("│", style: Style.plain.foreground(.brightBlack)), at: Point(x: listWidth, y: y))
    }
    return frame
  }
}
