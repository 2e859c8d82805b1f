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
    let terminal = HeadlessTerminal(size: size)
    // Frames not kept: the frame before the last is then the wireframe's alone to draw over.
    terminal.keepsFrames = false
    let renderer = Renderer(backend: terminal)
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
      let frame = wireframe.render(size: size)
      let full = wireframe.renderInFull(size: size)
      #expect(frame == full, "step \(step)")
      if frame != full { return }
      if terminal.size != size {
        terminal.resize(to: size)
        renderer.invalidate()
      }
      renderer.render(frame)
      #expect(terminal.screen == full, "step \(step)")
      if terminal.screen != full { return }
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
