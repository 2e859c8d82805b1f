/// Something that draws itself into a region of a frame: the building block of every screen.
///
/// Views are plain values built from view models on each render; they hold no state between
/// frames (focus, selection, text and scroll positions live in the app's state). A view must
/// never draw outside the region it is given. Rendering is pure, so views need no actor.
///
/// ```swift
/// struct Greeting: View {
///   var name: String
///
///   func render(into frame: inout Frame, in region: Rect) {
///     VStack([
///       .fixed(1, Text("Hello, \(name)!", style: Style.plain.bold)),
///       .fill(Text("Press q to quit.", overflow: .wrap)),
///     ]).render(into: &frame, in: region)
///   }
/// }
///
/// let frame = Greeting(name: "Ada").frame(size: Size(width: 20, height: 3))
/// ```
public protocol View {
  /// Draws into `frame`, confined to `region`.
  func render(into frame: inout Frame, in region: Rect)

  /// The size the view would like within `available` (used by stacks for `.fit`). By default a
  /// view takes everything offered.
  func preferredSize(in available: Size) -> Size
}

extension View {
  public func preferredSize(in available: Size) -> Size { available }

  /// Renders this view alone into a new frame of `size`.
  public func frame(size: Size) -> Frame {
    var frame = Frame(size: size)
    render(into: &frame, in: frame.bounds)
    return frame
  }
}

/// Draws nothing: a flexible gap in a stack.
public struct Spacer: View {
  public init() {}
  public func render(into frame: inout Frame, in region: Rect) {}
}

/// Fills its region with a style (a background) or a character.
public struct Fill: View {
  public var cell: Cell

  public init(_ style: Style) { self.cell = .blank(style) }
  public init(_ character: Character, style: Style = .plain) { self.cell = Cell(character, style: style) }

  public func render(into frame: inout Frame, in region: Rect) {
    let area = region.intersection(frame.bounds)
    guard cell.width == 2 else {
      frame.fill(area, with: cell)
      return
    }
    // A wide character needs its continuation cell: draw it every other column (`set` blanks
    // an odd last column), never in every cell.
    for y in area.minY..<area.maxY {
      for x in stride(from: area.minX, to: area.maxX, by: 2) { frame.set(cell, at: Point(x: x, y: y), clip: area) }
    }
  }
}

/// Draws `content` inside margins.
public struct Padding: View {
  public var content: any View
  public var top, left, bottom, right: Int

  public init(_ content: any View, top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.content = content
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public init(_ content: any View, horizontal: Int = 0, vertical: Int = 0) {
    self.init(content, top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }

  public func render(into frame: inout Frame, in region: Rect) {
    content.render(into: &frame, in: region.inset(top: top, left: left, bottom: bottom, right: right))
  }

  public func preferredSize(in available: Size) -> Size {
    let inner = content.preferredSize(
      in: Size(width: available.width - left - right, height: available.height - top - bottom))
    return Size(
      width: min(available.width, inner.width + left + right),
      height: min(available.height, inner.height + top + bottom))
  }
}

/// Draws several views on top of each other, first at the bottom.
public struct Layers: View {
  public var layers: [any View]

  public init(_ layers: [any View]) { self.layers = layers }

  public func render(into frame: inout Frame, in region: Rect) {
    for layer in layers { layer.render(into: &frame, in: region) }
  }
}
