import TerminalUI

/// The wireframe's last frame and what each of its three regions (title bar, stage, help bar)
/// was drawn from: a region whose inputs did not change keeps its cells in the next frame,
/// neither drawn nor composed again, and the renderer's row comparison skips it at once.
///
/// A frame stays a function of the state: a region is kept only while everything it is drawn
/// from is equal (the stage's screens are compared by their ``LiveScreen/revision``, which moves
/// with every view model they receive), and ``Wireframe/renderInFull(size:)`` must give the same
/// frame (the contacts monkey test checks that after every step, and a property test too).
struct RetainedRegions {
  enum Region: CaseIterable {
    case titleBar, stage, helpBar
  }

  /// What the regions are drawn from.
  struct Inputs: Equatable {
    var size: Size
    var theme: Theme
    var hasModal: Bool
    var titleBar: [String]
    var help: [HelpItem]
    /// The presentation and each screen's identity and revision; nil when a screen cannot
    /// tell its revision.
    var stage: [Int]?
    var emptyDetailMessage: String
  }

  let inputs: Inputs
  let frame: Frame

  /// The frame for `inputs` made from this one: the regions whose inputs changed are drawn by
  /// `draw`, the others' rows copied; nil when it cannot be made so (another size, a modal, a screen that
  /// cannot tell its revision) and the frame must be drawn in full.
  func frame(for next: Inputs, drawing draw: (Region, inout Frame) -> Void) -> Frame? {
    let size = next.size
    guard size == inputs.size, size.height >= 3, next.theme == inputs.theme, !next.hasModal, !inputs.hasModal,
      next.stage != nil, inputs.stage != nil
    else { return nil }
    // A new frame, the kept regions' rows copied in: changing a copy of the last frame would
    // copy all of it first, since the renderer holds it too.
    var frame = Frame(size: size, theme: self.frame.theme)
    for (region, rows) in [
      (Region.titleBar, 0..<1), (.stage, 1..<(size.height - 1)), (.helpBar, (size.height - 1)..<size.height),
    ] {
      if changed(region, in: next) {
        draw(region, &frame)
      } else {
        frame.copy(rows: rows, from: self.frame)
      }
    }
    if !changed(.stage, in: next) {
      frame.cursor = self.frame.cursor
      frame.listPosition = self.frame.listPosition
    }
    return frame
  }

  private func changed(_ region: Region, in next: Inputs) -> Bool {
    switch region {
    case .titleBar: next.titleBar != inputs.titleBar
    case .stage: next.stage != inputs.stage || next.emptyDetailMessage != inputs.emptyDetailMessage
    case .helpBar: next.help != inputs.help
    }
  }
}
