/// Draws nothing: a flexible gap in a stack.
public struct Spacer: View {
  public init() {}
  public func render(into frame: inout Frame, in region: Rect) {}
}
