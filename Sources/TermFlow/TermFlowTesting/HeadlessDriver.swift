public import Navigation
public import TerminalUI

/// Drives a ``NavigationApp`` headless, the way a user would: keys, pastes and resizes in,
/// frames out. What an app's end-to-end tests use in place of a terminal.
///
/// After each input it waits until every effect the input started (and those they started)
/// has finished, by the store's own bookkeeping: no sleeps, no polling. The app runs on a
/// `TerminalSession` over a `HeadlessTerminal`, the same loop code as on a terminal: events are
/// delivered, one frame is drawn per turn, and only the diffs reach the terminal, so what a
/// terminal fed only the diffs would show is checked too.
///
/// ```swift
/// @Test func openingAnItemLoadsItsDetail() async {
///   let driver = await HeadlessDriver(itemsApp(), size: Size(width: 60, height: 12))
///   await driver.press(.down, .enter)
///   assertSnapshot(of: driver.frame(), as: .frame)
/// }
/// ```
@MainActor
public final class HeadlessDriver<State, Action: Sendable> {
  /// The app being driven.
  public let app: NavigationApp<State, Action>
  /// The terminal the frames are drawn on.
  public let terminal: HeadlessTerminal
  /// The run loop's session the app runs on, over ``terminal``: the driver feeds it events
  /// and it draws a frame at the end of each, as the program's loop does.
  public let session: TerminalSession

  /// Starts `app` on a headless terminal of `size`, tells it that size as the program's loop
  /// does (so the first frame is the program's), and waits until it is idle. With
  /// `keepsFrames: false` the terminal keeps its screen, not every frame (for sessions of a
  /// million keys).
  public init(_ app: NavigationApp<State, Action>, size: Size = Size(width: 80, height: 24), keepsFrames: Bool = true)
    async
  {
    self.app = app
    terminal = HeadlessTerminal(size: size)
    terminal.keepsFrames = keepsFrames
    session = TerminalSession(
      backend: terminal, render: { [unowned app] size in app.render(size: size) },
      handle: { [unowned app] event in app.handle(event) })
    app.start(on: session)
    await settle()
  }

  /// The frame the app draws now (drawn through the session's renderer).
  @discardableResult
  public func frame() -> Frame {
    let frame = session.drawFrame()
    lastFrame = frame
    return frame
  }

  /// The frame drawn last by ``frame()`` or after an input settled.
  public private(set) var lastFrame = Frame(size: Size(width: 0, height: 0))

  /// The frame as plain text lines, for quick assertions.
  public var screenText: String { frame().lines.joined(separator: "\n") }

  /// Presses each key in turn, waiting after each until the app is idle (unless `settle` is
  /// false; the key's own frame is drawn either way, as on a terminal).
  public func press(_ keys: Key..., settle: Bool = true) async {
    for key in keys {
      session.send(.input(.key(key)))
      if settle { await self.settle() }
    }
  }

  /// Types `text` one key per character.
  public func type(_ text: String) async {
    for character in text { await press(.character(character)) }
  }

  /// Pastes `text` as a terminal's bracketed paste delivers it.
  public func paste(_ text: String) async {
    await send(.input(.paste(text)))
  }

  /// Resizes the terminal, as a window resize would.
  public func resize(to size: Size) async {
    terminal.resize(to: size)
    session.send(.resize(size))
    await settle()
  }

  /// Any event, as the run loop would deliver it.
  public func send(_ event: TerminalSession.Event) async {
    if case .resize(let size) = event {
      await resize(to: size)
      return
    }
    session.send(event)
    await settle()
  }

  /// One tick of the animation timer.
  public func tick() async {
    await send(.tick)
  }

  /// Waits until no effect is running, then draws a frame; again while drawing it started some
  /// (a list that showed another number of rows than its screen knew, which loads them).
  public func settle() async {
    repeat {
      while app.store.runningEffectCount > 0 { await app.store.waitForEffects() }
      frame()
    } while app.store.runningEffectCount > 0
  }
}
