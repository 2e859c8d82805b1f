import Testing

@testable import TerminalUI

/// The session's backend-independent core, driven by the caller over a `HeadlessTerminal`:
/// what the real loop does between an event and its frame.
@MainActor
struct HeadlessSessionTests {
  /// A counter on a session: `+` counts, `q` ends the session, every event asks for a frame
  /// `requestsPerEvent` times (as an app on a store may, once per subscriber).
  @MainActor
  final class Counter {
    var count = 0
    var events: [TerminalSession.Event] = []
    var requestsPerEvent = 1
    var session: TerminalSession!

    init(terminal: HeadlessTerminal) {
      session = TerminalSession(
        backend: terminal, render: { [unowned self] size in Text("Count: \(count)").frame(size: size) },
        handle: { [unowned self] event in handle(event) })
    }

    private func handle(_ event: TerminalSession.Event) {
      events.append(event)
      switch event {
      case .input(.key(.character("+"))): count += 1
      case .input(.key(.character("q"))): session.exit(status: 0)
      default: break
      }
      for _ in 0..<requestsPerEvent { session.setNeedsRender() }
    }
  }

  @Test func eachEventEndsItsTurnWithOneFrame() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1))
    let counter = Counter(terminal: terminal)
    counter.requestsPerEvent = 3
    counter.session.send(.input(.key(.character("+"))))
    #expect(counter.session.framesRendered == 1)
    #expect(terminal.screen.lines == ["Count: 1    "])
    counter.session.send(.input(.key(.character("+"))))
    #expect(counter.session.framesRendered == 2)
    #expect(counter.session.inputsDelivered == 2)
    #expect(terminal.screen.lines == ["Count: 2    "])
  }

  @Test func anEventThatAsksForNoFrameDrawsNone() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1))
    let counter = Counter(terminal: terminal)
    counter.requestsPerEvent = 0
    counter.session.send(.input(.key(.character("+"))))
    #expect(counter.session.framesRendered == 0)
    #expect(counter.session.drawFrame().lines == ["Count: 1    "])
    #expect(counter.session.framesRendered == 1)
  }

  @Test func aResizeRedrawsInFullAtTheNewSize() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1))
    let counter = Counter(terminal: terminal)
    counter.session.drawFrame()
    let written = terminal.cellsWritten
    terminal.resize(to: Size(width: 10, height: 2))
    counter.session.send(.resize(Size(width: 10, height: 2)))
    #expect(counter.events == [.resize(Size(width: 10, height: 2))])
    #expect(terminal.screen.lines == ["Count: 0  ", "          "])
    #expect(terminal.cellsWritten - written == 20)
  }

  @Test func controlZAndTicksGoToTheAppAndNoTimerRuns() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1))
    let counter = Counter(terminal: terminal)
    counter.session.isAnimating = true
    counter.session.send(.input(.key(.ctrl("z"))))
    counter.session.send(.tick)
    #expect(counter.events == [.input(.key(.ctrl("z"))), .tick])
    #expect(counter.session.isAnimating)
  }

  @Test func exitingEndsTheTurnsFrames() {
    let terminal = HeadlessTerminal(size: Size(width: 12, height: 1))
    let counter = Counter(terminal: terminal)
    counter.session.send(.input(.key(.character("+"))))
    counter.session.send(.input(.key(.character("q"))))
    #expect(counter.session.exitStatus == 0)
    #expect(counter.session.framesRendered == 1)
    counter.session.send(.input(.key(.character("+"))))
    #expect(counter.session.framesRendered == 1)
  }
}
