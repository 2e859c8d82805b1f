/// Draws several views on top of each other, first at the bottom.
public struct Layers: View {
  public var layers: [any View]

  public init(_ layers: [any View]) { self.layers = layers }

  public func render(into frame: inout Frame, in region: Rect) {
    for layer in layers { layer.render(into: &frame, in: region) }
  }
}
