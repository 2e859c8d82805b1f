/// What a click (or the wheel) on a region of a frame means, marked by the view that drew it:
/// the mouse answers what is on screen without views keeping any layout between frames.
public enum MouseTarget: Hashable, Sendable {
  /// A click presses this key: a help bar's entry runs its binding; a button that stands for a
  /// key presses it.
  case key(Key)
  /// A click on item `index` of the control named `control` (a list's row, a form's field or
  /// button): the focused screen's key map says what it does (`KeyBinding.click`).
  case item(String, index: Int)
  /// The wheel here moves the selection (as ↑ and ↓ do); clicks go to what lies on top, and a
  /// drag that starts on a row of the control moves the selection with the pointer.
  case scrolls
  /// A list's scrollbar, for the control named `control` of `rows` rows: a click or a drag
  /// at a height selects the row as far down the list (an item of the control, as a click on
  /// it).
  case scrollbar(String, rows: Int)
  /// Covers what is drawn behind it: a dialog's surroundings, which a click must not reach.
  case covers
}

/// A marked region of a frame (see ``Frame/markMouseTarget(_:in:)``).
public struct MouseRegion: Hashable, Sendable {
  public var area: Rect
  public var target: MouseTarget

  public init(_ target: MouseTarget, in area: Rect) {
    self.area = area
    self.target = target
  }
}

/// A click on an item of a control (``MouseTarget/item(_:index:)``), as a key map's click
/// binding receives it.
public struct MouseClick: Hashable, Sendable {
  /// The control's name, as the view marked it.
  public var control: String
  /// Which of its items: a list's absolute row, a form's field.
  public var index: Int
  /// The column clicked, from the left edge of the item's region (to place a text cursor).
  public var column: Int
  /// The row clicked, from the top edge of the item's region: 0 for an item one row high; a
  /// text area's row (to place its cursor on that line).
  public var row: Int
  /// 2 for a double click.
  public var count: Int

  public init(control: String, index: Int, column: Int = 0, row: Int = 0, count: Int = 1) {
    self.control = control
    self.index = index
    self.column = column
    self.row = row
    self.count = count
  }
}

extension Frame {
  /// Marks `area` (clipped to the frame) as answering the mouse with `target`; later marks lie
  /// on top. Does nothing unless the frame records them (``mouseRegions`` not nil): a frame is
  /// drawn once more, recording, only when a mouse event arrives, so the frame of a key costs
  /// nothing more.
  public mutating func markMouseTarget(_ target: MouseTarget, in area: Rect) {
    guard mouseRegions != nil else { return }
    let clipped = area.intersection(bounds)
    guard !clipped.isEmpty else { return }
    mouseRegions?.append(MouseRegion(target, in: clipped))
  }

  /// The topmost marked region under `point` that answers a click (not ``MouseTarget/scrolls``).
  public func clickTarget(at point: Point) -> MouseRegion? {
    mouseRegions?.last { $0.area.contains(point) && $0.target != .scrolls }
  }

  /// Whether the wheel at `point` moves a selection: a ``MouseTarget/scrolls`` region is there
  /// and nothing that ``MouseTarget/covers`` lies on top of it.
  public func scrolls(at point: Point) -> Bool {
    scrollArea(at: point) != nil
  }

  /// The ``MouseTarget/scrolls`` region under `point` (a list's area) with nothing that
  /// ``MouseTarget/covers`` on top of it: where a drag that starts there stays.
  public func scrollArea(at point: Point) -> Rect? {
    for region in (mouseRegions ?? []).reversed() where region.area.contains(point) {
      if region.target == .scrolls { return region.area }
      if region.target == .covers { return nil }
    }
    return nil
  }

  /// The item of `control` marked on row `y` within `area` (a list's row under a dragging
  /// pointer, wherever its column).
  public func item(of control: String, onRow y: Int, in area: Rect) -> MouseRegion? {
    mouseRegions?.last { region in
      guard case .item(let name, _) = region.target, name == control else { return false }
      return region.area.minY <= y && y < region.area.maxY && !region.area.intersection(area).isEmpty
    }
  }
}
