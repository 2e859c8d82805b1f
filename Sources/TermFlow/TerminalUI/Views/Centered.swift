/// Places its content in a box of at most `size`, centred in the region: forms and messages
/// that should not stretch across a wide terminal.
public struct Centered: View {
  public var content: any View
  public var size: Size

  public init(_ content: any View, size: Size) {
    self.content = content
    self.size = size
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let fitted = Size(width: min(size.width, region.width), height: min(size.height, region.height))
    content.render(into: &frame, in: region.centered(fitted))
  }
}
