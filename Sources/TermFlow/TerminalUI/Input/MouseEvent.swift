/// What the mouse did, decoded from the terminal's report: a button pressed, released or
/// dragged, the wheel turned, or (when all motion is asked for) a move, with the modifiers held
/// and the cell under the pointer.
///
/// Reports arrive only while an app has asked for them (`TerminalSession.reportsMouse`), in
/// xterm's SGR form (`CSI < b ; x ; y M`, mode 1006) or, from a terminal or multiplexer that
/// does not speak it, the legacy X10 form (`CSI M b x y`, coordinates up to 223).
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
  public enum Action: String, Hashable, Sendable, CaseIterable {
    case press, release, drag, move
    case scrollUp, scrollDown, scrollLeft, scrollRight
  }

  public enum Button: String, Hashable, Sendable, CaseIterable {
    case left, middle, right
    /// No button: a wheel turn, a move, or a legacy release (X10 does not say which button).
    case none
  }

  public var action: Action
  public var button: Button
  /// The cell under the pointer, from 0 at the top left.
  public var position: Point
  public var modifiers: Key.Modifiers
  /// 2 for the second press of a double click (at the same cell, soon after the first): set by
  /// the run loop, which has the clock; 1 otherwise.
  public var clickCount: Int

  public init(
    _ action: Action, _ button: Button = .none, at position: Point, modifiers: Key.Modifiers = [],
    clickCount: Int = 1
  ) {
    self.action = action
    self.button = button
    self.position = position
    self.modifiers = modifiers
    self.clickCount = clickCount
  }

  /// A press of the left button: what "a click" means.
  public var isClick: Bool { action == .press && button == .left }

  /// `press left 3,4`, `scrollDown 0,0 Ctrl`, `press left 3,4 ×2`.
  public var description: String {
    var text = "\(action.rawValue)\(button == .none ? "" : " \(button.rawValue)") \(position.x),\(position.y)"
    let names: [(Key.Modifiers, String)] = [(.control, "Ctrl"), (.alt, "Alt"), (.shift, "Shift")]
    for (modifier, name) in names where modifiers.contains(modifier) { text += " \(name)" }
    if clickCount > 1 { text += " ×\(clickCount)" }
    return text
  }

  /// The event an xterm button byte describes (`b` of the SGR form, or the X10 byte less 32):
  /// the low two bits the button (3: none), +4 Shift, +8 Meta, +16 Ctrl, +32 motion, +64 the
  /// wheel (64 up, 65 down, 66 left, 67 right), +128 buttons 8–11. Nil for what no app uses
  /// (the extra buttons).
  static func decoding(button code: Int, released: Bool, column: Int, row: Int) -> MouseEvent? {
    var modifiers: Key.Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let position = Point(x: max(0, column - 1), y: max(0, row - 1))
    let low = code & 3
    switch code & ~0b0001_1111 {
    case 64:
      let wheel: [Action] = [.scrollUp, .scrollDown, .scrollLeft, .scrollRight]
      return MouseEvent(wheel[low], at: position, modifiers: modifiers)
    case 32:
      let button = [Button.left, .middle, .right, .none][low]
      return MouseEvent(button == .none ? .move : .drag, button, at: position, modifiers: modifiers)
    case 0:
      let button = [Button.left, .middle, .right, .none][low]
      let action: Action = released || button == .none ? .release : .press
      return MouseEvent(action, button, at: position, modifiers: modifiers)
    default:
      return nil
    }
  }
}
