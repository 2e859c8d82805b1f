import TerminalUI

/// The wireframe's last frame and what each of its three regions (title bar, stage, help bar)
/// was drawn from: a region whose inputs did not change keeps its cells in the next frame,
/// neither drawn nor composed again, and the renderer compares only the regions drawn.
///
/// The next frame is drawn over the cells of the frame before the last one (the renderer has
/// let go of it by then), brought up to the last one where the two differ: so no frame is made
/// or cleared whole, and a key costs what it draws, not what the terminal's size is. A region
/// drawn again is cleared only as far as its last drawing reached (`Frame.writtenArea`); the
/// rest of it is blank, as in a new frame.
///
/// A frame stays a function of the state: a region is kept only while everything it is drawn
/// from is equal (the stage's screens are compared by their ``LiveScreen/revision``, which moves
/// with every view model they receive), and ``Wireframe/renderInFull(size:)`` must give the same
/// frame (the contacts monkey test checks that after every step, and a property test too).
@MainActor
struct RetainedRegions {
  enum Region: CaseIterable {
    case titleBar, stage, helpBar
  }

  /// What the regions are drawn from.
  struct Inputs: Equatable {
    var size: Size
    var theme: Theme
    var hasModal: Bool
    /// The title bar's two sides.
    var breadcrumb: String
    var status: String
    var help: [HelpItem]
    /// The help bar's entry for the list of every key (``Wireframe/moreHelp``).
    var moreHelp: HelpItem?
    /// The presentation and each screen's identity and revision; nil when a screen cannot
    /// tell its revision.
    var stage: [Int]?
    var emptyDetailMessage: String
  }

  /// The one view filling the stage (a screen standing alone) and the help bar's entries it was
  /// drawn knowing (`Frame.keyHelp`): the view that follows it may draw only what differs (see
  /// `View.redraw(over:into:in:damage:)`), a typed key then costing its field's row.
  struct StageDrawing {
    var view: any View
    var keyHelp: [HelpItem]
  }

  let inputs: Inputs
  let frame: Frame
  /// How far the stage's drawing reached in `frame`: outside it the stage is blank.
  let stageExtent: Rect
  /// What the stage of `frame` shows, when one view fills it; nil when it was drawn otherwise.
  private let stageDrawing: StageDrawing?
  /// The frame before `frame`, whose cells the next frame is drawn over.
  private var spare: Frame?

  /// Keeps `frame`, drawn in full for `inputs` (numbered for the renderer here).
  init(inputs: Inputs, drawnInFull frame: Frame) {
    var frame = frame
    frame.lineage = FrameLineage(number: Self.nextNumber(), base: nil, damage: [])
    self.inputs = inputs
    self.frame = frame
    stageExtent = Self.stage(in: inputs.size)
    stageDrawing = nil
    spare = nil
  }

  private init(inputs: Inputs, frame: Frame, stageExtent: Rect, stageDrawing: StageDrawing?, spare: Frame) {
    self.inputs = inputs
    self.frame = frame
    self.stageExtent = stageExtent
    self.stageDrawing = stageDrawing
    self.spare = spare
  }

  /// The regions' areas at `size`: the title bar's row, the stage's, the help bar's.
  private static func titleBar(in size: Size) -> Rect { Rect(x: 0, y: 0, width: size.width, height: 1) }
  private static func stage(in size: Size) -> Rect {
    Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
  }
  private static func helpBar(in size: Size) -> Rect {
    Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
  }

  /// The frame for `next`, and what it keeps for the one after: the regions whose inputs
  /// changed are drawn by `draw`, the others kept; nil when it cannot be made so (another size,
  /// a modal, a screen that cannot tell its revision) and the frame must be drawn in full.
  /// Takes the frame before the last, so that its cells are this one's alone to change.
  ///
  /// `stageView` gives the one view filling the stage now, if one does (asked only when the
  /// stage changed): it is drawn in place of `draw`, and only where it differs from the view
  /// the last frame's stage showed when it can tell (`View.redraw(over:into:in:damage:)`).
  mutating func next(
    for next: Inputs, stageView: () -> StageDrawing?, drawing draw: (Region, inout Frame) -> Void
  ) -> RetainedRegions? {
    let size = next.size
    guard size == inputs.size, size.height >= 3, next.theme == inputs.theme, !next.hasModal, !inputs.hasModal,
      next.stage != nil, inputs.stage != nil
    else { return nil }
    let last = frame
    var frame: Frame
    if let lineage = last.lineage, let base = lineage.base, spare?.lineage?.number == base, var cells = spare.take() {
      // The frame before the last, brought up to the last where the last was drawn.
      for area in lineage.damage { cells.copy(area, from: last) }
      frame = consume cells
    } else {
      frame = Frame(size: size, theme: last.theme)
      frame.copy(rows: 0..<size.height, from: last)
    }
    frame.cursor = last.cursor
    frame.listPosition = last.listPosition
    frame.shownLists = last.shownLists
    var damage: [Rect] = []
    var stageExtent = self.stageExtent
    var stageDrawing = self.stageDrawing
    for region in Region.allCases where Self.changed(region, from: inputs, to: next) {
      switch region {
      case .titleBar, .helpBar:
        let row = region == .titleBar ? Self.titleBar(in: size) : Self.helpBar(in: size)
        frame.fill(row)
        draw(region, &frame)
        damage.append(row)
      case .stage:
        let area = Self.stage(in: size)
        let view = stageView()
        if let view, let shown = stageDrawing, view.keyHelp == shown.keyHelp {
          // Only what differs from the view on stage, which keeps the rest of its cells.
          frame.forgetWrites()
          frame.keyHelp = view.keyHelp
          let redrawn = view.view.redraw(over: shown.view, into: &frame, in: area, damage: &damage)
          frame.keyHelp = []
          if redrawn {
            var extent = WrittenArea()
            extent.include(stageExtent)
            extent.include(frame.writtenArea.rect)
            stageExtent = extent.rect
            stageDrawing = view
            continue
          }
        }
        // Blank again where the last drawing reached; the rest of the stage is blank already.
        frame.fill(stageExtent)
        frame.cursor = nil
        frame.listPosition = nil
        frame.shownLists = []
        frame.forgetWrites()
        if let view {
          // As the wireframe draws a screen standing alone: knowing its own keys.
          frame.keyHelp = view.keyHelp
          view.view.render(into: &frame, in: area)
          frame.keyHelp = []
        } else {
          draw(region, &frame)
        }
        stageDrawing = view
        damage.append(stageExtent)
        // Most often the same rectangle again (a form drawn where it was): named once.
        let drawn = frame.writtenArea.rect
        if drawn != stageExtent { damage.append(drawn) }
        stageExtent = drawn
      }
    }
    frame.lineage = FrameLineage(number: Self.nextNumber(), base: last.lineage?.number, damage: damage)
    return RetainedRegions(
      inputs: next, frame: frame, stageExtent: stageExtent, stageDrawing: stageDrawing, spare: last)
  }

  /// Whether `region` is drawn from something else in `next` than in `last`. Static: a method
  /// of the regions called from `next(for:stageView:drawing:)`, which mutates them, would be
  /// called on a copy of them all (a call of their type's copy, at every key).
  private static func changed(_ region: Region, from last: Inputs, to next: Inputs) -> Bool {
    switch region {
    case .titleBar: next.breadcrumb != last.breadcrumb || next.status != last.status
    case .stage: next.stage != last.stage || next.emptyDetailMessage != last.emptyDetailMessage
    case .helpBar: next.help != last.help || next.moreHelp != last.moreHelp
    }
  }

  /// The last frame number given, one sequence for every wireframe.
  private static var lastNumber = 0

  private static func nextNumber() -> Int {
    lastNumber += 1
    return lastNumber
  }
}
