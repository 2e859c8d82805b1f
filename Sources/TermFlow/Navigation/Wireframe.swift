public import TerminalUI

/// Decides *how* screens are presented; coordinators decide *what* is presented.
///
/// - **Stack**: the top screen fills the stage under a breadcrumb bar (`Contacts › Zoë`).
/// - **Split**: on a terminal at least ``splitMinimumWidth`` wide, the root screen and the top
///   screen stand side by side (list and detail), a divider between them; with only the root,
///   the right pane shows the root's ``LiveScreen/preview``, or says
///   ``emptyDetailMessage``. Resizing across the threshold switches live; nothing is lost,
///   since all state is in the store.
/// - **Modal**: a screen centred over the dimmed stage. It takes the keyboard until it is
///   dismissed; the keyboard then returns to the screen that had it.
///
/// Keys go down one chain, first taker wins (see ``handle(_:)``): the modal, the focused
/// screen's text field, the focused screen's key map, then the ``responders`` below the
/// screens (the root coordinator, the app). The help bar at the bottom is that same chain's
/// key maps: the modal's alone while one is up, else the focused screen's followed by the
/// responders', so it shows exactly the keys that do something.
///
/// ```swift
/// let wireframe = Wireframe(appTitle: "Address book")
/// wireframe.show(stack: [listScreen, detailScreen])  // NavigationApp does, from the coordinator's Stage
/// wireframe.handle(.key(.down))                      // to the focused screen
/// let frame = wireframe.render(size: Size(width: 120, height: 40))  // split: list beside detail
/// ```
@MainActor
public final class Wireframe {
  public enum Presentation: Equatable, Sendable {
    case stack
    case split
  }

  public private(set) var stack: [any LiveScreen] = []
  public private(set) var modal: (any LiveScreen)?
  public var appTitle: String
  /// Text on the right of the title bar (who is signed in, counts).
  public var status: String = ""
  public var splitMinimumWidth = 120
  public var emptyDetailMessage = "Nothing selected"
  /// The app's looks (see `Theme`): every frame is drawn in it, mapped down to
  /// ``colorDepth``, and every widget and screen takes its styles from the frame's.
  public var theme: Theme {
    didSet { drawnTheme = theme.adapted(to: colorDepth) }
  }
  /// What the terminal can show: ``NavigationApp`` sets it from the terminal it runs on
  /// (headless, the full palette, so snapshots show the theme as written).
  public var colorDepth: ColorDepth = .trueColor {
    didSet { drawnTheme = theme.adapted(to: colorDepth) }
  }
  /// ``theme`` as ``colorDepth`` shows it: worked out when either changes, never per frame.
  public private(set) var drawnTheme: Theme

  public init(appTitle: String, theme: Theme = .standard) {
    self.appTitle = appTitle
    self.theme = theme
    drawnTheme = theme
  }

  /// Whether the current stack may be split on a wide terminal (a list and its detail may; a
  /// form standing alone may not).
  public private(set) var allowsSplit = true

  /// Shows `screens` as the stack (root first).
  public func show(stack screens: [any LiveScreen], allowsSplit: Bool = true) {
    stack = screens
    self.allowsSplit = allowsSplit
  }

  /// The user's own keys for dialogs' buttons, by name (``DialogKeys``): every dialog
  /// presented answers them. `NavigationApp(keyBindings:)` sets them.
  public var dialogKeyBindings: [String: [Key]] = [:]

  public func present(_ screen: any LiveScreen) {
    modal = screen
  }

  public func dismissModal() {
    modal = nil
  }

  /// Shows `dialog` as the modal, or takes the modal away when there is none. While the same
  /// dialog stays the screen is kept, not rebuilt; `answer` receives what the button or row a
  /// key chose sends, `select` the chooser's row ↑ or ↓ selects (see ``DialogScreen``).
  public func present<Action: Equatable>(
    _ dialog: Dialog<Action>?, select: ((Int) -> Void)? = nil, answer: @escaping (Action?) -> Void
  ) {
    guard let dialog else {
      dismissModal()
      return
    }
    if let shown = modal as? DialogScreen<Action>, shown.dialog == dialog { return }
    present(DialogScreen(dialog, keyBindings: dialogKeyBindings, select: select, answer: answer))
  }

  public func presentation(for size: Size) -> Presentation {
    allowsSplit && size.width >= splitMinimumWidth ? .split : .stack
  }

  /// The area the screen at `index` of the stack is drawn in at terminal size `size`: the stage
  /// between the title bar and the help bar, or its pane of a split (the root on the left, the
  /// others on the right).
  public func area(ofScreenAt index: Int, in size: Size) -> Rect {
    let stage = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
    guard presentation(for: size) == .split else { return stage }
    let panes = Self.panes(splitting: stage)
    return index == 0 ? panes.left : panes.right
  }

  /// The screen of the stack that drew what lies at `region` of a frame of `size`: the top of a
  /// stack shown as one pane; in a split, the root on the left and the top on the right (nil
  /// there while the right pane shows the root's preview, which is no screen's body).
  public func screen(drawing region: Rect, in size: Size) -> (any LiveScreen)? {
    guard let top = stack.last else { return nil }
    guard presentation(for: size) == .split else { return top }
    if region.minX < area(ofScreenAt: 0, in: size).maxX { return stack[0] }
    return stack.count > 1 ? top : nil
  }

  /// A split stage's two panes, a one-column divider between them.
  static func panes(splitting stage: Rect) -> (left: Rect, right: Rect) {
    let leftWidth = max(40, stage.width * 2 / 5)
    return (
      Rect(x: stage.x, y: stage.y, width: leftWidth, height: stage.height),
      Rect(x: stage.x + leftWidth + 1, y: stage.y, width: stage.width - leftWidth - 1, height: stage.height)
    )
  }

  /// The screen that gets keys and pastes: the modal if one is up, else the top of the stack.
  public var focusedScreen: (any LiveScreen)? { modal ?? stack.last }

  /// What answers the keys the focused screen leaves, in order: ``NavigationApp`` puts the
  /// root coordinator here when it is a ``KeyResponder``, then the app's own key map.
  public var responders: [any KeyResponder] = []

  /// Hands an input event down the chain; false when nobody used it.
  ///
  /// 1. A modal (a dialog) takes every key but Ctrl-C: its bindings answer, the rest go
  ///    nowhere. Ctrl-C, the way out, goes on down the chain.
  /// 2. The focused screen's key map: a text field it declares (`KeyBinding.typing(_:except:when:key:paste:)`)
  ///    claims the keys it edits with first, then the screen's other bindings.
  /// 3. The ``responders``: the root coordinator, then the app.
  /// 4. The wireframe itself: `?`, or F1, that nothing above took opens the list of every key
  ///    (``showsAllKeys``); while it is up, any key closes it and goes no further (but Ctrl-C).
  @discardableResult
  public func handle(_ event: InputEvent) -> Bool {
    if showsAllKeys, case .key(let key) = event {
      showsAllKeys = false
      if key != .ctrl("c") { return true }
    }
    if let modal, modal.handle(event) || event != .key(.ctrl("c")) { return true }
    if stack.last?.handle(event) == true { return true }
    if responders.contains(where: { $0.handle(event) }) { return true }
    guard case .key(let key) = event, Self.moreKeys.contains(key), !stack.isEmpty else { return false }
    showsAllKeys = true
    return true
  }

  /// The keys that open the list of every key when nothing in the chain takes them: `?`, and
  /// F1 for when a text field has the keyboard (it takes `?` as text).
  public static let moreKeys: [Key] = ["?", Key(.function(1))]

  /// Whether the list of every key that works on the focused screen (``KeysOverlay``) is up
  /// over the stage. A key that nothing else took opens it (``moreKeys``); any key closes it.
  public private(set) var showsAllKeys = false {
    didSet { if showsAllKeys != oldValue { onRedrawNeeded?() } }
  }

  /// Called when something the wireframe keeps of its own changes what it draws (the list of
  /// every key opened or closed), which no action to the store announces: ``NavigationApp``
  /// asks for a frame then.
  public var onRedrawNeeded: (@MainActor () -> Void)?

  /// What the help bar shows: the modal's keys while one is up, else the focused screen's and
  /// then the responders' (only bindings that apply now and are not hidden, and of those of
  /// the responders only the keys the focused screen's text field does not take).
  public var help: [HelpItem] {
    if showsAllKeys { return [Self.closeAllKeys] }
    if let modal { return modal.help }
    // Most often the responders show nothing: the screen's entries are then the help bar, the
    // same array the screen keeps, with nothing joined.
    var help = stack.last?.help ?? []
    for responder in responders {
      let more = responder.help
      if more.isEmpty { continue }
      if let top = stack.last {
        help += more.compactMap { item in item.leavingOut { top.takesAsText($0) } }
      } else {
        help += more
      }
    }
    return help
  }

  /// The help bar's entry for the list of every key, shown when the bar cannot hold them all:
  /// `? More`, or `F1 More` while the focused screen's text field takes `?`; none while a
  /// modal or the list itself is up.
  public var moreHelp: HelpItem? {
    guard modal == nil, !showsAllKeys, let top = stack.last else { return nil }
    return top.takesAsText(Self.moreKeys[0]) ? Self.moreByFunctionKey : Self.moreByQuestionMark
  }

  // Shared with `TerminalApp`, whose one screen has the same list of every key.
  static let moreByQuestionMark = HelpItem(key: "?", label: "More", keys: [moreKeys[0]], isEssential: true)
  static let moreByFunctionKey = HelpItem(key: "F1", label: "More", keys: [moreKeys[1]], isEssential: true)
  static let closeAllKeys = HelpItem(key: "Esc", label: "Close", keys: [.escape], isEssential: true)

  /// Every key that works on the focused screen now, for the list of them all: the screen's
  /// and the responders' bindings that apply, hidden ones too, without the keys its text field
  /// takes.
  public var allKeys: [HelpItem] {
    guard let top = stack.last else { return [] }
    return ([top.allKeys] + responders.map { $0.allKeys }).joined().compactMap { item in
      item.leavingOut { top.takesAsText($0) }
    }
  }

  /// The size of the last frame: what a mouse event's position is in.
  private var lastSize: Size?

  /// A drag of the left button that started on a list's row or its scrollbar: the control it
  /// moves over, the list's area (or the scrollbar's track), and the row it gave last.
  private struct Drag {
    var control: String
    var area: Rect
    var index: Int
    /// The list's rows, when the drag holds its scrollbar.
    var scrollbarRows: Int?
  }

  private var drag: Drag?

  /// Hands a mouse event to what is under the pointer in the frame on screen, which is drawn
  /// again for it, recording the regions views marked (see `MouseTarget`): so a key's frame
  /// costs nothing more for the mouse.
  ///
  /// Clicks act on the press, as in most terminal programs (a second press soon after is the
  /// double click): a left press on a region that stands for a key presses it (a help bar
  /// entry, a button) down the chain as ``handle(_:)`` does; on an item of a control (a list's
  /// row, a form's field) it goes to the modal, else to the screens from the top of the stack
  /// down and the responders, the first with a click binding for it taking it. Dragging from a
  /// list's row selects the row under the pointer, and past the list's top or bottom edge moves
  /// on as the wheel does; a press or drag on a list's scrollbar selects the row as far down the
  /// list. The wheel over a list is ↑ or ↓. A release ends a drag. False when nothing took it.
  @discardableResult
  public func handle(mouse event: MouseEvent) -> Bool {
    guard let size = lastSize else { return false }
    let frame = render(size: size, recordingMouseTargets: true)
    switch event.action {
    case .scrollUp, .scrollDown:
      guard frame.scrolls(at: event.position) else { return false }
      return handle(.key(event.action == .scrollUp ? .up : .down))
    case .press where event.button == .left:
      drag = nil
      guard let region = frame.clickTarget(at: event.position) else { return false }
      switch region.target {
      case .key(let key):
        return handle(.key(key))
      case .item(let control, let index):
        if let area = frame.scrollArea(at: event.position) {
          drag = Drag(control: control, area: area, index: index)
        }
        return handle(
          MouseClick(
            control: control, index: index, column: event.position.x - region.area.x,
            row: event.position.y - region.area.y, count: event.clickCount))
      case .scrollbar(let control, let rows):
        let index = Self.row(atHeight: event.position.y, of: region.area, rows: rows)
        drag = Drag(control: control, area: region.area, index: index, scrollbarRows: rows)
        return handle(MouseClick(control: control, index: index))
      case .covers, .scrolls:
        return true
      }
    case .drag where event.button == .left:
      guard var drag else { return false }
      let y = event.position.y
      if let rows = drag.scrollbarRows {
        drag.index = Self.row(atHeight: y, of: drag.area, rows: rows)
      } else if y < drag.area.minY || y >= drag.area.maxY {
        // Past an edge: on as the wheel goes, a row for each report.
        return handle(.key(y < drag.area.minY ? .up : .down))
      } else if let row = frame.item(of: drag.control, onRow: y, in: drag.area), case .item(_, let index) = row.target {
        drag.index = index
      }
      guard drag.index != self.drag?.index else { return true }
      self.drag = drag
      return handle(MouseClick(control: drag.control, index: drag.index))
    case .release:
      drag = nil
      return false
    default:
      return false
    }
  }

  /// Hands a click to the modal, else to the screens from the top down and the responders.
  private func handle(_ click: MouseClick) -> Bool {
    if let modal { return modal.handle(click) }
    return stack.reversed().contains { $0.handle(click) } || responders.contains { $0.handle(click) }
  }

  /// The row of a list of `rows` a scrollbar `track` stands for at height `y`: the first at the
  /// top, the last at the bottom, in proportion between.
  static func row(atHeight y: Int, of track: Rect, rows: Int) -> Int {
    guard rows > 1, track.height > 1 else { return 0 }
    let offset = min(max(0, y - track.minY), track.height - 1)
    return offset * (rows - 1) / (track.height - 1)
  }

  /// The whole frame: title bar, stage (stack or split), help bar, and a modal on top.
  ///
  /// Each of the three regions is drawn only when what it is drawn from changed since the last
  /// frame (see `RetainedRegions`); the others keep their cells. The frame is the same as
  /// ``renderInFull(size:)`` draws: the monkey test checks it after every step.
  public func render(size: Size) -> Frame {
    render(size: size, recordingMouseTargets: false)
  }

  /// The frame, with the regions views mark for the mouse when asked (`Frame.mouseRegions`):
  /// such a frame is drawn in full, every view marking its regions, and is not kept.
  public func render(size: Size, recordingMouseTargets: Bool) -> Frame {
    lastSize = size
    if recordingMouseTargets {
      var frame = Frame(size: size, theme: drawnTheme)
      frame.mouseRegions = []
      drawInFull(breadcrumb: breadcrumb, help: help, into: &frame)
      return frame
    }
    let breadcrumb = breadcrumb
    let inputs = RetainedRegions.Inputs(
      size: size, theme: drawnTheme, hasModal: modal != nil || showsAllKeys, breadcrumb: breadcrumb, status: status,
      help: help, moreHelp: moreHelp,
      stage: stageInputs(for: size), emptyDetailMessage: emptyDetailMessage)
    // Taken out while the next frame is drawn over its cells, so that they are not shared.
    if var retained = retained.take(),
      let next = retained.next(
        for: inputs, stageView: { stageView(for: size) },
        drawing: { region, frame in
          draw(region, of: inputs, breadcrumb: breadcrumb, into: &frame)
        })
    {
      // The frame read before the regions are kept: they are moved, not copied.
      let frame = next.frame
      self.retained = next
      return frame
    }
    var frame = Frame(size: size, theme: drawnTheme)
    drawInFull(breadcrumb: breadcrumb, help: inputs.help, into: &frame)
    let kept = RetainedRegions(inputs: inputs, drawnInFull: frame)
    retained = kept
    return kept.frame
  }

  /// The title bar's left side: the app's title, then each screen's (`Contacts › Zoë`). Made
  /// again only when a title changed: a key typed into a form keeps the same string, so the
  /// frame's title bar is found unchanged at a glance (one comparison of the same storage).
  private var breadcrumb: String {
    if let madeBreadcrumb, madeBreadcrumb.appTitle == appTitle, madeBreadcrumb.titles.count == stack.count {
      var same = true
      for index in stack.indices where stack[index].title != madeBreadcrumb.titles[index] {
        same = false
        break
      }
      if same { return madeBreadcrumb.text }
    }
    let titles = stack.map(\.title)
    var text = appTitle
    for title in titles {
      text += " › "
      text += title
    }
    madeBreadcrumb = (appTitle, titles, text)
    return text
  }

  /// The titles the breadcrumb was last made of, and what it was.
  private var madeBreadcrumb: (appTitle: String, titles: [String], text: String)?

  /// The whole frame drawn afresh, every region: what ``render(size:)`` must always equal.
  public func renderInFull(size: Size) -> Frame {
    var frame = Frame(size: size, theme: drawnTheme)
    drawInFull(breadcrumb: breadcrumb, help: help, into: &frame)
    return frame
  }

  /// The last frame and what its regions were drawn from.
  private var retained: RetainedRegions?

  /// What the stage is drawn from: which screens, in which state of their view models, with
  /// which presentation; nil when a screen cannot tell its state (it is then drawn every time).
  private func stageInputs(for size: Size) -> [Int]? {
    // Revisions are unique among all screens: equal lists mean the same screens, unchanged.
    // Made at its full length at once: grown by the first revision, it would be made twice.
    var inputs: [Int] = []
    inputs.reserveCapacity(1 + stack.count)
    inputs.append(presentation(for: size) == .split ? 1 : 0)
    for screen in stack {
      guard let revision = screen.revision else { return nil }
      inputs.append(revision)
    }
    return inputs
  }

  /// The one view filling the stage at `size` and the keys it is drawn knowing, as
  /// `StageView` draws it: the top screen when it stands alone with the keyboard; nil when the
  /// stage is split or empty.
  private func stageView(for size: Size) -> RetainedRegions.StageDrawing? {
    guard modal == nil, presentation(for: size) == .stack, let top = stack.last else { return nil }
    return RetainedRegions.StageDrawing(view: top.body(isFocused: true), keyHelp: top.help)
  }

  private func draw(
    _ region: RetainedRegions.Region, of inputs: RetainedRegions.Inputs, breadcrumb: String, into frame: inout Frame
  ) {
    let size = inputs.size
    switch region {
    case .titleBar:
      StatusBar(left: [Span(breadcrumb)], right: status.isEmpty ? [] : [Span(status)])
        .render(into: &frame, in: Rect(x: 0, y: 0, width: size.width, height: 1))
    case .stage:
      frame.cursor = nil
      StageView(wireframe: self, presentation: presentation(for: size))
        .render(into: &frame, in: Rect(x: 0, y: 1, width: size.width, height: size.height - 2))
    case .helpBar:
      HelpBar(inputs.help, more: inputs.moreHelp).render(
        into: &frame, in: Rect(x: 0, y: size.height - 1, width: size.width, height: 1))
    }
  }

  private func drawInFull(breadcrumb: String, help: [HelpItem], into frame: inout Frame) {
    let size = frame.size
    let layout = VStack([
      .fixed(1, StatusBar(left: [Span(breadcrumb)], right: status.isEmpty ? [] : [Span(status)])),
      .fill(StageView(wireframe: self, presentation: presentation(for: size))),
      .fixed(1, HelpBar(help, more: moreHelp)),
    ])
    layout.render(into: &frame, in: frame.bounds)
    // The lists the stage's screens drew: a modal's or the list of keys' are no screen's.
    let stageLists = frame.shownLists
    defer { frame.shownLists = stageLists }
    if let modal {
      frame.cursor = nil
      let box = modal.modalSize(in: size)
      frame.keyHelp = modal.help
      Modal(title: modal.title, size: box, modal.body(isFocused: true))
        .render(into: &frame, in: frame.bounds)
      frame.keyHelp = []
    }
    if showsAllKeys {
      frame.cursor = nil
      KeysOverlay(allKeys).render(into: &frame, in: frame.bounds)
    }
  }

  /// The area between the bars.
  private struct StageView: View {
    let wireframe: Wireframe
    let presentation: Presentation

    func render(into frame: inout Frame, in region: Rect) {
      MainActor.assumeIsolated { draw(into: &frame, in: region) }
    }

    @MainActor
    private func draw(into frame: inout Frame, in region: Rect) {
      let stack = wireframe.stack
      let stageHasKeyboard = wireframe.modal == nil
      guard let top = stack.last else { return }
      // Each screen is drawn knowing its own keys (`Frame.keyHelp`).
      defer { frame.keyHelp = [] }
      switch presentation {
      case .stack:
        frame.keyHelp = top.help
        top.body(isFocused: stageHasKeyboard).render(into: &frame, in: region)
      case .split:
        let root = stack[0]
        let (left, right) = Wireframe.panes(splitting: region)
        frame.keyHelp = root.help
        root.body(isFocused: stageHasKeyboard && stack.count == 1).render(into: &frame, in: left)
        for y in region.minY..<region.maxY {
          frame.set(Cell("│", style: frame.theme.border), at: Point(x: left.maxX, y: y), clip: region)
        }
        if stack.count > 1 {
          frame.keyHelp = top.help
          top.body(isFocused: stageHasKeyboard).render(into: &frame, in: right)
        } else if let preview = root.preview {
          preview.render(into: &frame, in: right)
        } else {
          Text(wireframe.emptyDetailMessage, style: frame.theme.secondary, alignment: .center)
            .render(into: &frame, in: right.row(right.height / 2))
        }
      }
    }
  }
}
