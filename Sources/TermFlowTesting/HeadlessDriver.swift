public import Navigation
public import TerminalUI

/// Drives a ``NavigationApp`` headless, the way a user would: keys, pastes and resizes in,
/// frames out. What an app's end-to-end tests use in place of a terminal.
///
/// After each input it waits until every effect the input started (and those they started)
/// has finished, by the store's own bookkeeping: no sleeps, no polling. Frames go through the
/// same renderer as on a terminal into a `HeadlessTerminal`, so what a terminal fed only the
/// diffs would show is checked too.
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
  private let renderer: Renderer

  /// Starts `app` on a headless terminal of `size` and waits until it is idle. With
  /// `keepsFrames: false` the terminal keeps its screen, not every frame (for sessions of a
  /// million keys).
  public init(_ app: NavigationApp<State, Action>, size: Size = Size(width: 80, height: 24), keepsFrames: Bool = true)
    async
  {
    self.app = app
    terminal = HeadlessTerminal(size: size)
    terminal.keepsFrames = keepsFrames
    renderer = Renderer(backend: terminal)
    app.start()
    await settle()
  }

  /// The frame the app draws now (and draws it through the renderer).
  @discardableResult
  public func frame() -> Frame {
    let frame = app.render(size: terminal.size)
    renderer.render(frame)
    lastFrame = frame
    return frame
  }

  /// The frame drawn last (by ``frame()`` or after an input settled).
  public private(set) var lastFrame = Frame(size: Size(width: 0, height: 0))

  /// The frame as plain text lines, for quick assertions.
  public var screenText: String { frame().lines.joined(separator: "\n") }

  /// Presses each key in turn, waiting after each until the app is idle (unless `settle` is
  /// false).
  public func press(_ keys: Key..., settle: Bool = true) async {
    for key in keys {
      app.handle(.input(.key(key)))
      if settle { await self.settle() }
    }
  }

  /// Types `text` one key per character.
  public func type(_ text: String) async {
    for character in text { await press(.character(character)) }
  }

  /// Pastes `text` as a terminal's bracketed paste delivers it.
  public func paste(_ text: String) async {
    app.handle(.input(.paste(text)))
    await settle()
  }

  /// Resizes the terminal, as a window resize would.
  public func resize(to size: Size) async {
    terminal.resize(to: size)
    renderer.invalidate()
    app.handle(.resize(size))
    await settle()
  }

  /// Any event, as the run loop would deliver it.
  public func send(_ event: TerminalSession.Event) async {
    switch event {
    case .resize(let size): await resize(to: size)
    case .tick: await tick()
    case .input(let input):
      app.handle(.input(input))
      await settle()
    }
  }

  /// One tick of the animation timer.
  public func tick() async {
    app.handle(.tick)
    await settle()
  }

  /// Waits until no effect is running, then draws a frame.
  public func settle() async {
    while app.store.runningEffectCount > 0 { await app.store.waitForEffects() }
    frame()
  }
}
