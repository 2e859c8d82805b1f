import TerminalUI

/// Everything the widget gallery shows, as one value: the demo renders it, and the tests
/// render the same value headless and on a real terminal.
struct GalleryState: Equatable, Sendable {
  enum Field: Hashable, Sendable { case name, password, button, list }

  var name = TextInput("Zoë Ångström 李小龍")
  var password = TextInput("hunter2-hunter2")
  var focus = FocusRing<Field>([.name, .password, .button, .list])
  var window = ScrollWindow(total: 1_000, visible: 10)
  var spinnerTick = 0
  var isBusy = false
  var showsModal = false

  static let people = ["Ada Lovelace", "李小龍", "Zoë Ångström", "Grace Hopper", "José Núñez", "😀 Emoji Person"]

  func row(_ index: Int) -> ListRow {
    ListRow([Self.people[index % Self.people.count], "+1 555 \(String(format4: index))", "#\(index + 1)"])
  }
}

extension String {
  fileprivate init(format4 value: Int) {
    let digits = String(value % 10_000)
    self = String(repeating: "0", count: 4 - digits.count) + digits
  }
}

/// The gallery screen: a form, a list, a status bar and a help bar; a modal on demand.
@MainActor
enum Gallery {
  /// What a key asks of the gallery.
  enum Intent: Equatable, Sendable {
    case focus(Key), toggleSpinner, openDialog, closeDialog, quit, edit(Key), paste(String), move(Key)
  }

  /// Every key the gallery answers, and its help bar: a focused field takes its editing keys
  /// first (so `q` types a q there), the dialog takes Enter and Esc while it is up.
  static let keyMap = KeyMap<GalleryState, Intent>([
    .typing(
      when: { !$0.showsModal && [.name, .password].contains($0.focus.focused) }, key: Intent.edit, paste: Intent.paste),
    KeyBinding([.enter, .escape], "Close", .closeDialog, when: { $0.showsModal }),
    KeyBinding([.tab, .backTab], "Focus", when: { !$0.showsModal }, intent: { key, _ in .focus(key) }),
    KeyBinding(.ctrl("s"), "Spinner", .toggleSpinner, when: { !$0.showsModal }),
    KeyBinding(.ctrl("o"), "Dialog", .openDialog, when: { !$0.showsModal }),
    KeyBinding(.enter, "Dialog", .openDialog, hidden: true, when: { $0.focus.focused == .button }),
    KeyBinding(
      [.up, .down, .pageUp, .pageDown, .home, .end], "Move", hidden: true,
      when: { !$0.showsModal && $0.focus.focused == .list }, intent: { key, _ in .move(key) }),
    KeyBinding([.character("q"), .ctrl("c")], "Quit", .quit, when: { !$0.showsModal }).essential(),
  ])

  /// The gallery's layout: the form's box, the list's box in what the others leave, the status
  /// bar and the help bar.
  static func layout(form: any View, list: any View, status: any View, help: any View) -> VStack {
    let theme = Theme.standard
    return VStack([
      .fixed(6, Box(title: "Form", borderStyle: theme.border, Padding(form, horizontal: 1))),
      .fill(Box(title: "List", borderStyle: theme.border, list)),
      .fixed(1, status),
      .fixed(1, help),
    ])
  }

  /// The name the list is drawn by: it says on the frame how many rows it shows.
  static let listControl = "list"

  /// The gallery at `size`, its list's window as tall as the list shows rows there (drawn again
  /// so when `state`'s is not yet: the first frame, or after a resize).
  static func render(_ state: GalleryState, size: Size) -> Frame {
    let frame = draw(state, size: size)
    var fitted = state
    guard fit(&fitted, to: frame) else { return frame }
    return draw(fitted, size: size)
  }

  /// Sizes `state`'s list window by the rows the list showed in `frame`, so that PgUp and PgDn
  /// page by what it shows; true when that changed it. The demo does it after every frame.
  @discardableResult
  static func fit(_ state: inout GalleryState, to frame: Frame) -> Bool {
    guard let rows = frame.shownRows(of: listControl), rows != state.window.visible else { return false }
    state.window.resize(visible: rows)
    return true
  }

  private static func draw(_ state: GalleryState, size: Size) -> Frame {
    var frame = Frame(size: size)
    let theme = Theme.standard
    let window = state.window
    let rows = window.visibleRange.map(state.row)
    let form = VStack([
      .fixed(1, Text("TermFlow widget gallery ✨", style: theme.title)),
      .fixed(
        1,
        HStack([
          .fixed(10, Text("Name")),
          .fill(TextField(state.name, placeholder: "Full name", isFocused: state.focus.focused == .name)),
        ])),
      .fixed(
        1,
        HStack([
          .fixed(10, Text("Password")),
          .fill(
            TextField(
              state.password, placeholder: "8 characters or more", isMasked: true,
              isFocused: state.focus.focused == .password, isDisabled: state.isBusy)),
        ])),
      .fixed(
        1,
        state.isBusy
          ? Spinner(tick: state.spinnerTick, label: "Working…")
          : Button("Submit", isFocused: state.focus.focused == .button)),
    ])
    let list = ListView(
      columns: [
        ListColumn("Name", .fill), ListColumn("Phone", .fixed(14)), ListColumn("#", .fixed(6), alignment: .trailing),
      ],
      rows: rows, window: window, isFocused: state.focus.focused == .list, control: listControl)
    layout(
      form: form, list: list, status: StatusBar(left: [Span("gallery")], right: [Span(ListView.positionLabel(window))]),
      help: HelpBar(keyMap.helpItems(in: state))
    )
    .render(into: &frame, in: frame.bounds)
    if state.showsModal {
      Modal(
        title: "Delete contact?", size: Size(width: 40, height: 7),
        VStack([
          .fixed(2, Text("Delete “Zoë Ångström”? This cannot be undone.", overflow: .wrap)),
          .fixed(1, Spacer()),
          .fixed(1, HStack(spacing: 2, [.fit(Button("Delete", isFocused: true)), .fit(Button("Cancel"))])),
        ])
      ).render(into: &frame, in: frame.bounds)
      frame.cursor = nil
    }
    return frame
  }

  /// Applies a key or a paste; returns false when the gallery should quit. While the dialog is
  /// up it takes every key.
  static func handle(_ event: InputEvent, state: inout GalleryState) -> Bool {
    guard let intent = keyMap.intent(for: event, in: state) else { return true }
    switch intent {
    case .quit: return false
    case .focus(let key): if key == .backTab { state.focus.previous() } else { state.focus.next() }
    case .toggleSpinner: state.isBusy.toggle()
    case .openDialog: state.showsModal = true
    case .closeDialog: state.showsModal = false
    case .edit(let key):
      if state.focus.focused == .name { state.name.handle(key) } else { state.password.handle(key) }
    case .paste(let text):
      if state.focus.focused == .name { state.name.insert(text) } else { state.password.insert(text) }
    case .move(let key):
      switch key {
      case .down: state.window.move(by: 1)
      case .up: state.window.move(by: -1)
      case .pageDown: state.window.pageDown()
      case .pageUp: state.window.pageUp()
      case .home: state.window.home()
      default: state.window.end()
      }
    }
    return true
  }

  /// Applies a key; returns false when the gallery should quit.
  static func handle(_ key: Key, state: inout GalleryState) -> Bool {
    handle(.key(key), state: &state)
  }
}
