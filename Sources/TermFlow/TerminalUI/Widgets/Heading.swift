/// A heading row: a title on the left in the theme's title style, and a note on the right in
/// its secondary style (a count, a position, how much more there is), which keeps its width
/// while the title is cut.
public struct Heading: View {
  public var title: String
  public var note: String

  public init(_ title: String, note: String = "") {
    self.title = title
    self.note = note
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let theme = frame.theme
    HStack(
      spacing: 1,
      [.fill(Text(title, style: theme.title)), .fit(Text(note, style: theme.secondary, alignment: .trailing))]
    )
    .render(into: &frame, in: region)
  }
}
