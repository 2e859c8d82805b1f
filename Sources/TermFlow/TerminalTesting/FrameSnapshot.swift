public import SnapshotTesting
public import TerminalUI

extension Snapshotting where Value == Frame, Format == String {
  /// A frame as text (see `FrameText`): grid, style layer and cursor, compared line by line.
  /// Goldens are `.txt` files under `__Snapshots__`, reviewed in `git diff`; record with
  /// `SNAPSHOT_TESTING_RECORD=failed swift test` (`make test` always sets `never`; see Tests/README.md).
  public static var frame: Snapshotting {
    Snapshotting<String, String>.lines.pullback(FrameText.render)
  }
}
