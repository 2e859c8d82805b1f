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
///
/// The wait costs the keys nothing: a timer starts at the first move only; a move while it runs
/// is only noted, and when the timer ends it starts again if the selection moved meanwhile. (A
/// timer restarted at every key cost scrolling 0.15–0.2 ms per key in tuibench, p50 at 1M: a
/// task created and another cancelled before the frame.)
public enum ContactPreview: Equatable, Sendable {
  /// The pane shows the selected contact.
  case showsSelection
  /// The selection is moving: the pane is blank until it rests. `movedAgain`: it moved since
  /// the timer started.
  case waitsForSelectionToRest(movedAgain: Bool)

  /// How long the selection must have rested, at least, when the pane shows it (at most twice
  /// this): longer than the gap between repeated keys (about 33 ms), short enough to feel
  /// immediate after a deliberate move.
  public static let settleDelay: Duration = .milliseconds(75)

  /// Identifies the timer.
  static let effectID = "contacts/preview"
}
