/// A view that answers the mouse as `target` over the region it is drawn in (the rows of a
/// chooser, an entry of a short list drawn with ``Text``): widgets mark their own targets, this
/// gives one to any view. Marks nothing for a key's frame (see ``Frame/markMouseTarget(_:in:)``).
public struct Clickable: View {
  public var target: MouseTarget
  public var content: any View

  public init(_ target: MouseTarget, _ content: any View) {
    self.target = target
    self.content = content
  }

  public func render(into frame: inout Frame, in region: Rect) {
    frame.markMouseTarget(target, in: region)
    content.render(into: &frame, in: region)
  }

  public func preferredSize(in available: Size) -> Size { content.preferredSize(in: available) }
}
