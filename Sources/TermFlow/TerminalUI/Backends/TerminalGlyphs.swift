/// How to put one cell's cluster on a real terminal so that ncurses, the terminal and our width
/// policy all agree on how many columns it takes.
///
/// ncurses sizes a cell by libc's `wcwidth` of its first scalar, and a terminal without
/// grapheme clustering (DEC mode 2027) lays out a ZWJ sequence, a skin tone or a flag scalar by
/// scalar. Where those would disagree with ``DisplayWidth``, the cluster is written in a
/// degraded form whose width is unambiguous everywhere, so that columns never drift:
///
/// - a base that libc calls narrow but we call wide (❤️, 🏳️‍🌈, 1️⃣): the base and its marks,
///   variation selectors dropped, then a padding space;
/// - a flag: its two regional indicators as two narrow cells (a clustering terminal still joins
///   them into one flag, two columns wide);
/// - a ZWJ or skin-tone sequence on a terminal without clustering: its base emoji alone;
/// - anything libc cannot print: U+FFFD (padded if we call it wide).
package enum TerminalGlyphs {
  /// ncurses keeps at most this many scalars in one cell (CCHARW_MAX).
  public static let maximumScalarsPerCell = 5

  /// The pieces to write at consecutive columns, each one ncurses cell (its scalars), whose
  /// libc widths add up to the cell's policy width.
  public static func pieces(
    for cell: Cell, terminalClustersGraphemes: Bool, libcWidth: (Unicode.Scalar) -> Int
  ) -> [[Unicode.Scalar]] {
    switch cell.content {
    case .continuation:
      return []
    case .scalar(let scalar):
      return fitted([scalar], width: cell.width, libcWidth: libcWidth)
    case .cluster(let cluster):
      let scalars = cluster.scalars
      let width = cell.width
      let regionalIndicators = scalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }
      if regionalIndicators.count == 2 {
        return regionalIndicators.map { [$0] }
      }
      let isSequence = scalars.contains { $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) }
      if isSequence && (!terminalClustersGraphemes || scalars.count > maximumScalarsPerCell) {
        return fitted([scalars[0]], width: width, libcWidth: libcWidth)
      }
      return fitted(scalars, width: width, libcWidth: libcWidth)
    }
  }

  /// The scalars as one cell if libc agrees with `width`; otherwise the degraded form.
  private static func fitted(_ scalars: [Unicode.Scalar], width: Int, libcWidth: (Unicode.Scalar) -> Int)
    -> [[Unicode.Scalar]]
  {
    let base = scalars[0]
    let baseWidth = libcWidth(base)
    if baseWidth == width && scalars.count <= maximumScalarsPerCell {
      return [scalars]
    }
    guard baseWidth >= 1 else {
      return width == 2 ? [["\u{FFFD}"], [" "]] : [["\u{FFFD}"]]
    }
    // Only zero-width marks may share the base's cell: the other scalars of a ZWJ sequence
    // (🌈 in 🏳️‍🌈) would take columns of their own once the joiner is gone.
    let marks = scalars.dropFirst().filter {
      !(0xFE00...0xFE0F).contains($0.value) && $0.value != 0x200D && libcWidth($0) == 0
    }
    let cellScalars = Array(([base] + marks).prefix(maximumScalarsPerCell))
    if baseWidth == width { return [cellScalars] }
    if baseWidth < width { return [cellScalars, [" "]] }
    // libc calls it wide where we do not: never split a column, show a narrow stand-in.
    return [["\u{FFFD}"]]
  }
}
