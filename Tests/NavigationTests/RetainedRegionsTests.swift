import TerminalUI
import Testing

@testable import Navigation

/// A screen whose text, title and keys change when told, with a revision that moves with them
/// (as a live screen's moves with its view model), or none at all.
@MainActor
private final class ChangingScreen: LiveScreen {
  var lines: [String]
  var title: String
  var showsKeys = true
  let tellsRevision: Bool
  private var number = ScreenRevision.next()
  let keyMap = KeyMap<Bool, Never>([
    KeyBinding(.character("x"), "Cut", when: { $0 }) { _, _ in fatalError("never sent") },
    KeyBinding(.enter, "Open") { _, _ in fatalError("never sent") },
  ])
  var keyContext: Bool { showsKeys }

  init(_ lines: [String], title: String, tellsRevision: Bool = true) {
    self.lines = lines
    self.title = title
    self.tellsRevision = tellsRevision
  }

  func change(using random: inout Steps) {
    switch random.next() % 3 {
    case 0: lines = (0..<Int(random.next() % 5)).map { "line \($0) of \(random.next() % 1000) 李" }
    case 1: title = "Screen \(random.next() % 10)"
    default: showsKeys.toggle()
    }
    number = ScreenRevision.next()
  }

  func send(_ intent: Never) {}
  func body(isFocused: Bool) -> any View {
    VStack(lines.map { .fixed(1, Text($0, style: isFocused ? .plain.bold : .plain)) })
  }
  var preview: (any View)? { lines.first.map { Text("Preview: " + $0) } }
  var revision: Int? { tellsRevision ? number : nil }
}

@MainActor
struct RetainedRegionsTests {
  /// Whatever changes between frames, the frame drawn keeping unchanged regions is the frame
  /// drawn in full, and a terminal fed only what the renderer found changed where each frame
  /// says it was drawn shows it.
  @Test func aFrameKeepingRegionsIsTheFrameDrawnInFull() {
    var random = Steps(seed: 2026)
    let wireframe = Wireframe(appTitle: "Retained")
    var screens = [ChangingScreen(["first"], title: "One")]
    var size = Size(width: 80, height: 24)
    wireframe.show(stack: screens)
    let (terminal, renderer) = terminalKeepingNoFrames(size)
    var kept = 0
    for step in 0..<3_000 {
      switch random.next() % 9 {
      case 0, 1, 2: screens[Int(random.next() % UInt64(screens.count))].change(using: &random)
      case 3:
        screens.append(ChangingScreen(["pushed \(step)"], title: "Two", tellsRevision: random.next() % 4 != 0))
        wireframe.show(stack: screens)
      case 4:
        if screens.count > 1 { screens.removeLast() }
        wireframe.show(stack: screens, allowsSplit: random.next() % 2 == 0)
      case 5: wireframe.status = random.next() % 2 == 0 ? "" : "status \(random.next() % 100)"
      case 6:
        size =
          [Size(width: 80, height: 24), Size(width: 140, height: 30), Size(width: 20, height: 3)][
            Int(random.next() % 3)]
      case 7:
        if wireframe.modal == nil {
          wireframe.present(ChangingScreen(["modal"], title: "Modal"))
        } else {
          wireframe.dismissModal()
        }
      default: break  // nothing changed: every region is kept
      }
      guard drawsAsInFull(wireframe, size: size, on: terminal, through: renderer, step: step) else { return }
      kept += 1
    }
    #expect(kept == 3_000)
  }

  /// A region whose inputs did not change is not drawn again: a screen that changed nothing
  /// is not asked for its body.
  @Test func anUnchangedScreenIsNotDrawnAgain() {
    let wireframe = Wireframe(appTitle: "Retained")
    let screen = CountingScreen()
    wireframe.show(stack: [screen])
    let size = Size(width: 40, height: 10)
    _ = wireframe.render(size: size)
    _ = wireframe.render(size: size)
    #expect(screen.bodies == 1)
    screen.number = ScreenRevision.next()
    _ = wireframe.render(size: size)
    #expect(screen.bodies == 2)
  }

  /// A screen drawn again is compared only where it drew, then and the time before: not the
  /// rest of the stage, however wide the terminal (a screen standing alone, not split).
  @Test func aChangedScreenIsComparedOnlyWhereItDraws() {
    let wireframe = Wireframe(appTitle: "Retained")
    let screen = CountingScreen()
    wireframe.show(stack: [screen], allowsSplit: false)
    let size = Size(width: 250, height: 70)
    _ = wireframe.render(size: size)
    // The first frame after one drawn in full clears the whole stage: its drawing's reach is
    // not known.
    screen.number = ScreenRevision.next()
    _ = wireframe.render(size: size)
    for _ in 0..<3 {
      screen.number = ScreenRevision.next()
      let frame = wireframe.render(size: size)
      let damage = frame.lineage?.damage ?? []
      #expect(!damage.isEmpty)
      #expect(damage.allSatisfy { $0.height <= 1 && $0.width <= 20 }, "\(damage)")
    }
  }
}

/// The stage's view drawing over its last drawing only what differs
/// (`View.redraw(over:into:in:damage:)`): frames stay those drawn in full, and a change of one
/// line is compared on that line alone.
@MainActor
struct StageRedrawTests {
  @Test func aViewDrawingOnlyWhatDiffersGivesTheFrameDrawnInFull() {
    var random = Steps(seed: 21)
    let wireframe = Wireframe(appTitle: "Redrawn")
    let screen = LinesScreen(["one", "two", "three"])
    wireframe.show(stack: [screen], allowsSplit: false)
    var size = Size(width: 80, height: 24)
    let (terminal, renderer) = terminalKeepingNoFrames(size)
    var redrawn = 0
    for step in 0..<2_000 {
      switch random.next() % 8 {
      case 0, 1, 2, 3:
        let index = Int(random.next() % UInt64(screen.lines.count))
        screen.lines[index] = random.next() % 4 == 0 ? "" : "line \(random.next() % 1000) 李"
      case 4: screen.lines.append("added \(step)")
      case 5: if screen.lines.count > 1 { screen.lines.removeLast() }
      case 6: screen.showsKeys.toggle()
      default:
        size = [Size(width: 80, height: 24), Size(width: 30, height: 5)][Int(random.next() % 2)]
      }
      screen.number = ScreenRevision.next()
      guard drawsAsInFull(wireframe, size: size, on: terminal, through: renderer, step: step) else { return }
      redrawn += screen.redrawn
      screen.redrawn = 0
    }
    // Most steps change lines only: those are drawn over the last drawing.
    #expect(redrawn > 500)
  }

  @Test func aChangedLineIsTheOnlyDamage() {
    let wireframe = Wireframe(appTitle: "Redrawn")
    let screen = LinesScreen(["one", "two", "three"])
    wireframe.show(stack: [screen], allowsSplit: false)
    let size = Size(width: 120, height: 40)
    _ = wireframe.render(size: size)
    screen.number = ScreenRevision.next()
    _ = wireframe.render(size: size)
    screen.lines[1] = "two and a half"
    screen.number = ScreenRevision.next()
    let frame = wireframe.render(size: size)
    #expect(screen.redrawn == 1)
    #expect(frame.lineage?.damage == [Rect(x: 0, y: 2, width: 120, height: 1)])
    #expect(frame == wireframe.renderInFull(size: size))
  }
}

/// One line of text a row, redrawing over its last drawing the lines that differ; another
/// number of lines it cannot redraw.
private struct RedrawingLines: View {
  let lines: [String]
  /// Counts the redraws.
  let tally: Tally

  func render(into frame: inout Frame, in region: Rect) {
    for (index, line) in lines.enumerated() { Text(line).render(into: &frame, in: region.row(index)) }
  }

  func redraw(over previous: any View, into frame: inout Frame, in region: Rect, damage: inout [Rect]) -> Bool {
    guard let previous = previous as? RedrawingLines, previous.lines.count == lines.count else { return false }
    tally.count += 1
    for index in lines.indices where lines[index] != previous.lines[index] {
      let row = region.row(index)
      frame.fill(row)
      Text(lines[index]).render(into: &frame, in: row)
      damage.append(row)
    }
    return true
  }
}

private final class Tally {
  var count = 0
}

@MainActor
private final class LinesScreen: LiveScreen {
  var lines: [String]
  var showsKeys = true
  var number = ScreenRevision.next()
  private let tally = Tally()
  var redrawn: Int {
    get { tally.count }
    set { tally.count = newValue }
  }
  let title = "Lines"
  let keyMap = KeyMap<Bool, Never>([
    KeyBinding(.character("x"), "Cut", when: { $0 }) { _, _ in fatalError("never sent") }
  ])
  var keyContext: Bool { showsKeys }

  init(_ lines: [String]) { self.lines = lines }

  func send(_ intent: Never) {}
  func body(isFocused: Bool) -> any View {
    RedrawingLines(lines: lines, tally: tally)
  }
  var revision: Int? { number }
}

@MainActor
private final class CountingScreen: LiveScreen {
  var bodies = 0
  var number = ScreenRevision.next()
  let title = "Counting"
  let keyMap = KeyMap<Void, Never>([])
  var keyContext: Void { () }
  func send(_ intent: Never) {}
  func body(isFocused: Bool) -> any View {
    bodies += 1
    return Text("drawn \(bodies) times")
  }
  var revision: Int? { number }
}

/// A seeded sequence of numbers (SplitMix64), so the changes are the same on every run.
private struct Steps {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// One step of the random walks below: the wireframe's frame, drawn keeping what it can, is the
/// frame drawn in full, and a terminal fed only what the renderer found changed shows it. False
/// (with the failed expectation recorded) once a step differs: the walk then stops.
@MainActor
private func drawsAsInFull(
  _ wireframe: Wireframe, size: Size, on terminal: HeadlessTerminal, through renderer: Renderer, step: Int
) -> Bool {
  let frame = wireframe.render(size: size)
  let full = wireframe.renderInFull(size: size)
  #expect(frame == full, "step \(step)")
  if frame != full { return false }
  if terminal.size != size {
    terminal.resize(to: size)
    renderer.invalidate()
  }
  renderer.render(frame)
  #expect(terminal.screen == full, "step \(step)")
  return terminal.screen == full
}

/// A headless terminal of `size` and a renderer onto it. Frames are not kept, so the frame
/// before the last is the wireframe's alone to draw over.
@MainActor
private func terminalKeepingNoFrames(_ size: Size) -> (HeadlessTerminal, Renderer) {
  let terminal = HeadlessTerminal(size: size)
  terminal.keepsFrames = false
  return (terminal, Renderer(backend: terminal))
}
