/// A piece of text in one style.
public struct Span: Hashable, Sendable {
  public var text: String
  public var style: Style

  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// Styled text. One row per line (`\n` separates lines); a line that does not fit is cut with
/// an ellipsis, or wrapped at word boundaries with `.wrap`.
public struct Text: View {
  public enum Alignment: Sendable { case leading, center, trailing }
  public enum Overflow: Sendable {
    /// Cut at the right edge, ending in `…`.
    case ellipsis
    /// Cut at the left edge, starting with `…` (for paths and long field contents).
    case headEllipsis
    /// Wrap at spaces (long words are split); rows past the region end in `…`.
    case wrap
  }

  public var spans: [Span]
  public var alignment: Alignment
  public var overflow: Overflow

  public init(_ spans: [Span], alignment: Alignment = .leading, overflow: Overflow = .ellipsis) {
    self.spans = spans
    self.alignment = alignment
    self.overflow = overflow
  }

  public init(_ text: String, style: Style = .plain, alignment: Alignment = .leading, overflow: Overflow = .ellipsis) {
    self.init([Span(text, style: style)], alignment: alignment, overflow: overflow)
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let area = region.intersection(frame.bounds)
    guard !area.isEmpty else { return }
    // Fast path: one line that fits (list rows, labels, bars). Leading text is written span by
    // span straight away and redone below only if it turned out not to fit.
    if overflow != .wrap, !spans.contains(where: { UTF8Scan.containsLineFeed($0.text) }) {
      if alignment == .leading {
        let clip = Rect(x: region.x, y: region.y, width: region.width, height: 1).intersection(area)
        // No cluster is wider than its UTF-8 bytes, so text with no more bytes than columns
        // fits; otherwise keep what is underneath in case it has to be put back.
        let mightOverflow = spans.reduce(0) { $0 + $1.text.utf8.count } > clip.maxX - region.x
        let underneath = mightOverflow ? frame.cells(in: clip) : []
        var x = region.x
        var fitted = true
        for span in spans where fitted {
          let written = frame.writeReportingFit(span.text, at: Point(x: x, y: region.y), style: span.style, clip: clip)
          x += written.columns
          fitted = written.fitted
        }
        if fitted { return }
        // It did not fit: put back what was there, then draw with an ellipsis below.
        frame.restore(underneath, in: clip)
      } else if spans.count == 1, let span = spans.first {
        let width = DisplayWidth.of(span.text)
        if width <= region.width {
          let x = region.x + offset(for: width, in: region.width)
          frame.write(span.text, at: Point(x: x, y: region.y), style: span.style, clip: area)
          return
        }
      }
    }
    var rows: [[Glyph]] = []
    for line in lines() {
      if overflow == .wrap {
        rows.append(contentsOf: wrap(line, width: region.width))
      } else {
        rows.append(line)
      }
    }
    for (index, row) in rows.prefix(region.height).enumerated() {
      var glyphs = row
      let isLastShown = index == region.height - 1 && rows.count > region.height
      if overflow == .headEllipsis {
        glyphs = cutHead(glyphs, to: region.width)
      } else {
        glyphs = cutTail(glyphs, to: region.width, forceEllipsis: isLastShown)
      }
      let width = glyphs.reduce(0) { $0 + $1.width }
      var x = region.x + offset(for: width, in: region.width)
      for glyph in glyphs {
        frame.set(Cell(glyph.character, style: glyph.style), at: Point(x: x, y: region.y + index), clip: area)
        x += glyph.width
      }
    }
  }

  public func preferredSize(in available: Size) -> Size {
    let lines = lines()
    if overflow == .wrap {
      let rows = lines.reduce(0) { $0 + wrap($1, width: available.width).count }
      let widest = lines.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 0
      return Size(width: min(widest, available.width), height: min(rows, available.height))
    }
    let widest = lines.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 0
    return Size(width: min(widest, available.width), height: min(lines.count, available.height))
  }

  private struct Glyph {
    var character: Character
    var style: Style
    var width: Int
  }

  private func lines() -> [[Glyph]] {
    var lines: [[Glyph]] = [[]]
    for span in spans {
      for character in span.text {
        if character == "\n" || character == "\r\n" {
          lines.append([])
          continue
        }
        let safe = DisplayWidth.sanitized(character)
        lines[lines.count - 1].append(Glyph(character: safe, style: span.style, width: DisplayWidth.of(safe)))
      }
    }
    return lines
  }

  private func offset(for width: Int, in available: Int) -> Int {
    switch alignment {
    case .leading: 0
    case .center: max(0, (available - width) / 2)
    case .trailing: max(0, available - width)
    }
  }

  private func cutTail(_ glyphs: [Glyph], to width: Int, forceEllipsis: Bool) -> [Glyph] {
    let total = glyphs.reduce(0) { $0 + $1.width }
    guard total > width || forceEllipsis else { return glyphs }
    guard width > 0 else { return [] }
    var kept: [Glyph] = []
    var used = 0
    // Stop at the first glyph that does not fit: skipping it (a wide one) and keeping later,
    // narrower glyphs would show text that does not follow what is shown before it.
    for glyph in glyphs {
      guard used + glyph.width <= width - 1 else { break }
      kept.append(glyph)
      used += glyph.width
    }
    let style = (kept.last ?? glyphs.first)?.style ?? .plain
    kept.append(Glyph(character: "…", style: style, width: 1))
    return kept
  }

  private func cutHead(_ glyphs: [Glyph], to width: Int) -> [Glyph] {
    let total = glyphs.reduce(0) { $0 + $1.width }
    guard total > width else { return glyphs }
    guard width > 0 else { return [] }
    var kept: [Glyph] = []
    var used = 0
    for glyph in glyphs.reversed() {
      guard used + glyph.width <= width - 1 else { break }
      kept.insert(glyph, at: 0)
      used += glyph.width
    }
    kept.insert(Glyph(character: "…", style: kept.first?.style ?? .plain, width: 1), at: 0)
    return kept
  }

  /// Greedy word wrap: break after the last space that fits; split words longer than a row.
  private func wrap(_ line: [Glyph], width: Int) -> [[Glyph]] {
    guard width > 0 else { return [] }
    guard !line.isEmpty else { return [[]] }
    var rows: [[Glyph]] = []
    var current: [Glyph] = []
    var used = 0
    var lastSpace: Int?
    for glyph in line {
      if used + glyph.width > width {
        if glyph.character == " " {
          // The row is full up to this space: break here, not at an earlier space.
          rows.append(current)
          current = []
        } else if let space = lastSpace {
          rows.append(Array(current[..<space]))
          current = Array(current[(space + 1)...])
        } else {
          rows.append(current)
          current = []
        }
        used = current.reduce(0) { $0 + $1.width }
        lastSpace = nil
      }
      if glyph.character == " " && current.isEmpty && !rows.isEmpty { continue }
      current.append(glyph)
      used += glyph.width
      if glyph.character == " " { lastSpace = current.count - 1 }
    }
    rows.append(current)
    return rows
  }
}
