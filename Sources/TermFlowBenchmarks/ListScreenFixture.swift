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

  static func frame(size: Size, window: ScrollWindow, rows: [ListRow]) -> Frame {
    var frame = Frame(size: size)
    let list = ListView(
      columns: [ListColumn("Name", .flexible(2)), ListColumn("Phone", .fixed(16)), ListColumn("Email", .flexible(2))],
      rows: rows, window: window)
    VStack([
      .fixed(1, Text("Contacts (\(total.formattedWithSeparators))", style: Style.plain.bold)),
      .fill(list),
      .fixed(1, StatusBar(left: [Span("demo@example.com")], right: [Span(ListView.positionLabel(window))])),
      .fixed(
        1,
        HelpBar([
          HelpItem(key: "↑↓", label: "Move"), HelpItem(key: "/", label: "Search"), HelpItem(key: "q", label: "Quit"),
        ])),
    ]).render(into: &frame, in: frame.bounds)
    return frame
  }

  static func listRows(for height: Int) -> Int { ListView.visibleRows(inHeight: height - 3) }
}
