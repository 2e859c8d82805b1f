import Testing

@testable import TermFlowDemo
@testable import TerminalUI

/// What a help bar shows: every entry when they fit; when they do not, the essential ones, then
/// the others in order while they fit, and the entry that lists them all at the right end;
/// never a key the focused text field takes as text.
struct HelpBarTests {
  enum Intent: Hashable, Sendable { case typed(Key), pasted(String), quit, delete, save }

  struct Context { var editing = false }

  /// A list's keys as `contacts` has them: quit last, and essential.
  static let listItems: [HelpItem] = [
    HelpItem(key: "↑↓", label: "Move", keys: [.up, .down]), HelpItem(key: "Enter", label: "Open", keys: [.enter]),
    HelpItem(key: "/", label: "Search", keys: ["/"]), HelpItem(key: "a", label: "Add", keys: ["a"]),
    HelpItem(key: "e", label: "Edit", keys: ["e"]), HelpItem(key: "d", label: "Delete", keys: ["d"]),
    HelpItem(key: "s", label: "Sync", keys: ["s"]), HelpItem(key: "D", label: "Duplicates", keys: ["D"]),
    HelpItem(key: "S", label: "Sign out", keys: ["S"]),
    HelpItem(key: "q", label: "Quit", keys: ["q"], isEssential: true),
  ]
  static let more = HelpItem(key: "?", label: "More", keys: ["?"])

  private func line(_ bar: HelpBar, width: Int) -> String {
    var frame = Frame(size: Size(width: width, height: 1))
    bar.render(into: &frame, in: frame.bounds)
    return frame.lines[0]
  }

  @Test func everyEntryWhenTheyFitAndNoMoreEntry() {
    let wide = line(HelpBar(Self.listItems, more: Self.more), width: 120)
    #expect(
      wide.hasPrefix(
        " ↑↓ Move  Enter Open  / Search  a Add  e Edit  d Delete  s Sync  D Duplicates  S Sign out  q Quit"))
    #expect(!wide.contains("? More"), "nothing is left out, so nothing to list")
  }

  @Test func aNarrowBarKeepsTheEssentialAndEndsWithTheMoreEntry() {
    let bar = HelpBar(Self.listItems, more: Self.more)
    let eighty = line(bar, width: 80)
    #expect(eighty == " ↑↓ Move  Enter Open  / Search  a Add  e Edit  d Delete  s Sync  q Quit  ? More ")
    #expect(
      bar.layout(width: 80).shown.map(\.label) == ["Move", "Open", "Search", "Add", "Edit", "Delete", "Sync", "Quit"])
    let forty = line(bar, width: 40)
    #expect(forty.hasSuffix("  ? More "))
    #expect(forty.contains("q Quit"), "the essential entry is kept at 40 columns: \(forty)")
    #expect(forty.hasPrefix(" ↑↓ Move  Enter Open"), "then the others in order: \(forty)")
    // Too narrow for anything but the way to the rest.
    #expect(line(bar, width: 10) == "   ? More ")
    // Without a more entry (a bar of its own), the essential entry still comes first.
    let alone = HelpBar(Self.listItems).layout(width: 30).shown.map(\.label)
    #expect(alone.contains("Quit") && alone.first == "Move", "\(alone)")
  }

  @Test func aClickOnTheMoreEntryPressesItsKey() {
    var frame = Frame(size: Size(width: 40, height: 1))
    frame.mouseRegions = []
    HelpBar(Self.listItems, more: Self.more).render(into: &frame, in: frame.bounds)
    let region = frame.mouseRegions?.last
    #expect(region?.target == .key("?"))
    #expect(region?.area.x == 33, "at the right end, a column of margin after it")
  }

  static let typing = KeyMap<Context, Intent>([
    .typing("Name", when: \.editing, key: Intent.typed, paste: Intent.pasted),
    KeyBinding("x", "Delete", .delete),
    KeyBinding(.ctrl("s"), "Save", .save),
    KeyBinding(["q", .ctrl("c")], "Quit", .quit),
  ])

  @Test func theBarLeavesOutKeysTheFocusedFieldTakesAsText() throws {
    let map = Self.typing
    let editing = Context(editing: true)
    let shown = map.helpItems(in: editing)
    #expect(shown.map(\.key) == ["Type", "Ctrl-S", "Ctrl-C"], "x and q are typed into the field: \(shown)")
    #expect(shown.last == HelpItem(key: "Ctrl-C", label: "Quit", keys: [.ctrl("c")]))
    #expect(map.helpItems(in: Context()).map(\.key) == ["x", "Ctrl-S", "q/Ctrl-C"], "without the field they work")
    // The same through the mask a screen keeps its entries by.
    let mask = try #require(map.helpMask(in: editing))
    #expect(map.helpItems(mask: mask) == shown)
    #expect(try map.helpItems(mask: #require(map.helpMask(in: Context()))) == map.helpItems(in: Context()))
    #expect(map.takesAsText("q", in: editing) && !map.takesAsText("q", in: Context()))
    // Read from the mask as from the conditions (what a screen answers "More" with).
    for context in [editing, Context()] {
      let mask = try #require(map.helpMask(in: context))
      for key: Key in ["q", "?", .ctrl("s"), Key(.function(1))] {
        #expect(map.takesAsText(key, mask: mask) == map.takesAsText(key, in: context), "\(key), \(context)")
      }
    }
    #expect(try map.takesAsText("?", mask: #require(map.helpMask(in: editing))))
    #expect(map.answers("x", in: Context()) && map.answers("x", in: editing) && !map.answers(.ctrl("x"), in: editing))
  }

  @Test func aHiddenFieldStillTakesItsKeysFromTheBar() throws {
    let map = KeyMap<Context, Intent>([
      .typing(when: \.editing, key: Intent.typed, paste: Intent.pasted),
      KeyBinding(["q", .ctrl("c")], "Quit", .quit),
    ])
    let editing = Context(editing: true)
    #expect(map.helpItems(in: editing).map(\.key) == ["Ctrl-C"])
    #expect(try map.helpItems(mask: #require(map.helpMask(in: editing))).map(\.key) == ["Ctrl-C"])
    #expect(try map.takesAsText("q", mask: #require(map.helpMask(in: editing))), "a hidden field has its bit too")
  }

  /// The demo's bar on each of its fields at 80, 60 and 40 columns: each key it shows works,
  /// none is one the focused field takes as text (`q` while Name has the keyboard), and Quit
  /// is always there.
  @Test(arguments: [80, 60, 40]) @MainActor func theDemosBarOffersOnlyWhatWorksAndAlwaysQuit(width: Int) {
    var state = GalleryState()
    for _ in 0..<4 {
      let bar = Gallery.render(state, size: Size(width: width, height: 16)).lines.last ?? ""
      let entries = bar.split(separator: "  ").map { $0.split(separator: " ") }.filter { !$0.isEmpty }
      let focused = state.focus.focused
      #expect(entries.contains { $0.last == "Quit" }, "\(width) columns, \(focused): \(bar)")
      for entry in entries {
        for name in entry[0].split(separator: "/") {
          let key = Gallery.keyMap.bindings.flatMap(\.keys).first { $0.description == name }
          #expect(key.map { Gallery.keyMap.answers($0, in: state) } == true, "\(focused): \(name) in \(bar)")
          #expect(key.map { Gallery.keyMap.takesAsText($0, in: state) } == false, "\(focused): \(name) in \(bar)")
        }
      }
      #expect(Gallery.handle(.tab, state: &state))
    }
  }
}
