public import TerminalUI

/// A screen as the ``Wireframe`` presents it: a title, a body, a key map that is also its help
/// bar, and optionally a preview and a size as a modal.
///
/// Apps do not write these: they declare a ``Screen``, and ``NavigationApp`` makes the live
/// screen for it (subscribed to the store, torn down when it leaves the stage). The framework's
/// own ``DialogScreen`` is one; so are the small screens tests put on a wireframe directly.
@MainActor
public protocol LiveScreen: KeyResponder {
  /// Shown in the breadcrumb (and as a modal's title).
  var title: String { get }
  /// The view for the current view model. Only a focused screen shows a text cursor.
  func body(isFocused: Bool) -> any View
  /// The size of this screen when presented as a modal.
  func modalSize(in available: Size) -> Size
  /// What a split presentation shows beside this screen while nothing is open on top of it;
  /// nil shows the wireframe's empty message.
  var preview: (any View)? { get }
  /// A number that changes whenever what the screen draws may have changed (its title, body,
  /// preview or help), or nil when the screen cannot tell: the wireframe then draws it afresh
  /// for every frame. While it stays the same, the wireframe keeps the screen's cells from the
  /// last frame instead of drawing them again.
  var revision: Int? { get }
}

extension LiveScreen {
  public var preview: (any View)? { nil }

  public var revision: Int? { nil }

  public func modalSize(in available: Size) -> Size {
    Size(width: min(56, available.width - 4), height: min(9, available.height - 2))
  }
}
