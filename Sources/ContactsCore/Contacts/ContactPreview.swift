/// What the pane beside the list shows on a wide terminal (the split presentation): the
/// selected contact, as it would open.
///
/// While the selection moves the pane is blank, and shows the contact once the selection has
/// rested for ``settleDelay``, the way file managers' previews catch up. Scrolling at
/// key-repeat speed then repaints the list alone. The terminal scrolls whole lines, pane
/// included: a pane that kept a contact on show would have its lines written back after every
/// step, and one that followed the selection would be rewritten at every step (the
/// `bytes_split_list_down` benchmark: 307 and 327 bytes per Down, against 162 with the pane
/// blank; the C peer writes 280).
public enum ContactPreview: Equatable, Sendable {
  /// The pane shows the selected contact.
  case showsSelection
  /// The selection is moving: the pane is blank until it rests.
  case waitsForSelectionToRest

  /// How long the selection must rest before the pane shows it: longer than the gap between
  /// repeated keys (about 33 ms), short enough to feel immediate after a deliberate move.
  public static let settleDelay: Duration = .milliseconds(100)

  /// Identifies the timer that ends a wait, restarted by every move.
  static let effectID = "contacts/preview"
}
