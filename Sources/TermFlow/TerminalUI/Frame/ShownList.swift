/// A named list as a frame shows it: a ``ListView`` drawn with a `control` name, and the area its
/// items were given (below its header, the scrollbar's column included), however many items it
/// has. Read after drawing, it says how many rows the list has room for in the layout it was
/// drawn in, so that no app counts the rows its own chrome takes: a `NavigationApp` hands it to
/// the screen that drew the list (`Screen.list(_:showsRows:)`), a loop of the app's own reads it
/// from the frame (``Frame/shownRows(of:)``).
public struct ShownList: Hashable, Sendable {
  /// The list's control name (the one its rows answer clicks by).
  public var control: String
  /// Where its items are drawn, clipped to the frame: one row of it per item shown.
  public var area: Rect

  public init(control: String, area: Rect) {
    self.control = control
    self.area = area
  }

  /// The rows the list shows items in.
  public var rows: Int { area.height }
}

extension Frame {
  /// The rows the list named `control` showed items in when it was last drawn on this frame;
  /// nil when no list of that name was drawn.
  public func shownRows(of control: String) -> Int? {
    shownLists.last { $0.control == control }?.rows
  }
}
