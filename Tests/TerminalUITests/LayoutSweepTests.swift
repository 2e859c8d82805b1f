import TestSupport
import Testing

@testable import TermFlowDemo
@testable import TerminalUI

/// Gallery screens worth sweeping: each lays the screen out differently.
enum GalleryScenario: CaseIterable, Sendable {
  case initial, listFocused, modal, busy

  @MainActor var state: GalleryState {
    var state = GalleryState()
    switch self {
    case .initial:
      break
    case .listFocused:
      for key in [Key.tab, .tab, .tab, .pageDown, .pageDown, .down] { _ = Gallery.handle(key, state: &state) }
    case .modal:
      _ = Gallery.handle(.ctrl("o"), state: &state)
    case .busy:
      _ = Gallery.handle(.ctrl("s"), state: &state)
      state.spinnerTick = 7
    }
    return state
  }
}

@MainActor
struct LayoutSweepTests {
  static let edgeSizes: [Size] = [
    (1, 1), (1, 2), (1, 24), (1, 200), (2, 1), (80, 1), (500, 1), (2, 2), (3, 3), (4, 4), (10, 5), (20, 9), (20, 10),
    (20, 11), (39, 11), (79, 23), (80, 24), (81, 25), (120, 40), (200, 60), (300, 100), (500, 200),
  ].map { Size(width: $0.0, height: $0.1) }

  static let randomSizes: [Size] = {
    var generator = SplitMix64(seed: 0x7E12_F10A)
    return (0..<200).map { _ in Size(width: generator.next(in: 1...500), height: generator.next(in: 1...200)) }
  }()

  @Test func theSweepCoversTheRequestedSizes() {
    #expect(Self.randomSizes.count == 200)
    #expect(Set(Self.randomSizes).count > 190, "the generator should not repeat itself")
    #expect(Self.randomSizes.allSatisfy { (1...500).contains($0.width) && (1...200).contains($0.height) })
    #expect(Self.randomSizes.contains { $0.width > 400 } && Self.randomSizes.contains { $0.width < 100 })
  }

  @Test(arguments: GalleryScenario.allCases)
  func galleryIsWellFormedAtEverySize(_ scenario: GalleryScenario) {
    let state = scenario.state
    for size in Self.edgeSizes + Self.randomSizes {
      let frame = Gallery.render(state, size: size)
      #expect(frame.size == size)
      #expect(frame.isWellFormed, "\(scenario) at \(size)")
    }
  }
}

/// Every widget drawn into regions that are partly or wholly outside a small frame must stay
/// inside both its region and the frame.
@MainActor
struct WidgetClippingTests {
  static let frameSize = Size(width: 12, height: 6)
  /// Stands for "untouched": a cell no widget draws.
  static let sentinel = Cell("·", style: Style.plain.foreground(.magenta))

  static let regions: [Rect] = [
    Rect(x: 2, y: 1, width: 7, height: 3),  // inside
    Rect(x: -3, y: -2, width: 9, height: 5),  // off the top left
    Rect(x: 8, y: 4, width: 10, height: 6),  // off the bottom right
    Rect(x: -5, y: -5, width: 30, height: 20),  // larger than the frame on every side
    Rect(x: -20, y: 2, width: 10, height: 2),  // wholly outside
    Rect(x: 5, y: 2, width: 1, height: 1),
    Rect(x: 3, y: 3, width: 0, height: 2),
  ]

  static let widgets: [(String, any View)] = {
    let people = [ListRow(["李小龍", "1"]), ListRow(["Zoë Ångström", "2"]), ListRow(["😀 Emoji", "3"])]
    let columns = [ListColumn("Name", .fill), ListColumn("#", .fixed(2), alignment: .trailing)]
    var input = TextInput("Zoë 李小龍 hello")
    input.handle(.left)
    return [
      ("text", Text("李小龍 and a long tail that is cut")),
      ("head text", Text("/a/long/path/李小龍", overflow: .headEllipsis)),
      ("wrapped text", Text("wrapped 李小龍 text over several rows 😀", overflow: .wrap)),
      ("aligned text", Text("a\n李\n😀x", alignment: .trailing)),
      ("text field", TextField(input, isFocused: true)),
      ("masked field", TextField(input, isMasked: true, isFocused: true)),
      ("placeholder", TextField(TextInput(), placeholder: "名前を入力", isFocused: true)),
      ("disabled field", TextField(input, isFocused: true, isDisabled: true)),
      ("button", Button("李 Submit", isFocused: true)),
      ("spinner", Spinner(tick: 3, label: "Working…")),
      ("box", Box(title: "連絡先", Text("inside the box"))),
      ("list", ListView(columns: columns, rows: people, window: ScrollWindow(total: 3, visible: 3, selected: 1))),
      (
        "scrolled list",
        ListView(columns: columns, rows: people, window: ScrollWindow(total: 10_000, visible: 3, selected: 5_000))
      ),
      ("empty list", ListView(columns: columns, rows: [], window: ScrollWindow())),
      ("status bar", StatusBar(left: [Span("李小龍.db")], right: [Span("1 of 3")])),
      ("help bar", HelpBar(Gallery.keyMap.helpItems(in: GalleryState()))),
      ("modal", Modal(title: "確認", size: Size(width: 8, height: 4), Text("本当に削除しますか", overflow: .wrap))),
      ("fill", Fill("李")),
      ("padding", Padding(Text("padded"), horizontal: 1, vertical: 1)),
      ("stacks", VStack([.fixed(1, Text("top")), .fill(HStack([.fit(Text("李")), .fill(Fill("x"))]))])),
      ("layers", Layers([Fill(Style.plain.bold), Box(Text("x"))])),
    ]
  }()

  @Test func widgetsNeverDrawOutsideTheirRegionOrTheFrame() {
    for (name, widget) in Self.widgets {
      for region in Self.regions {
        var frame = Frame(size: Self.frameSize, fill: Self.sentinel)
        widget.render(into: &frame, in: region)
        #expect(frame.isWellFormed, "\(name) in \(region)")
        let drawable = region.intersection(frame.bounds)
        for y in 0..<frame.size.height {
          for x in 0..<frame.size.width where !drawable.contains(Point(x: x, y: y)) {
            #expect(frame[x, y] == Self.sentinel, "\(name) in \(region) drew at \(x),\(y)")
          }
        }
        if let cursor = frame.cursor {
          #expect(drawable.contains(cursor), "\(name) in \(region) put the cursor at \(cursor)")
        }
      }
    }
  }

  @Test func focusedFieldPartlyOffTheLeftEdgeKeepsItsCursorAfterTheText() {
    var frame = Frame(size: Size(width: 8, height: 1))
    TextField(TextInput("hello"), isFocused: true).render(into: &frame, in: Rect(x: -3, y: 0, width: 10, height: 1))
    #expect(frame.lines == ["lo      "])
    #expect(frame.cursor == Point(x: 2, y: 0))
  }

  @Test func placeholderPartlyOffTheLeftEdgeIsClippedNotShifted() {
    var frame = Frame(size: Size(width: 8, height: 1))
    TextField(TextInput(), placeholder: "Full name").render(into: &frame, in: Rect(x: -5, y: 0, width: 12, height: 1))
    #expect(frame.lines == ["name    "])
  }
}
