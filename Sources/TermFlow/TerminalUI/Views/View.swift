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

  /// Brings `frame`, which shows `previous` drawn in `region` over blank cells, up to this view
  /// by drawing again only what differs, and adds each rectangle it drew to `damage`; false,
  /// drawing nothing, when it cannot tell what differs (by default, and for a view of another
  /// kind). The frame must end as ``render(into:in:)`` over blank cells would leave it, cursor
  /// included: a frame stays a function of the state. It is drawn in the same theme and with the
  /// same `Frame.keyHelp` as `previous` was (the caller checks).
  ///
  /// Why: a typed key changes one field of a form, and a key's cost is the memory it touches
  /// (the caches are cold between keystrokes); drawing the field's row alone, and comparing only
  /// it, leaves the rest of the form's cells untouched.
  func redraw(over previous: any View, into frame: inout Frame, in region: Rect, damage: inout [Rect]) -> Bool
}

extension View {
  public func preferredSize(in available: Size) -> Size { available }

  public func redraw(over previous: any View, into frame: inout Frame, in region: Rect, damage: inout [Rect]) -> Bool {
    false
  }

  /// `view` as a view of this kind, or nil when it is of another: how
  /// ``redraw(over:into:in:damage:)`` reads the view it replaces. The types are compared and the
  /// value copied out; `view as? Self` would go through the runtime's general cast, some 30
  /// cache lines of code on every key.
  @inlinable
  public static func ofSameKind(_ view: any View) -> Self? {
    // The opened type is unknown here, so whatever runs inside `visit` runs unspecialized: it
    // only compares types and lends out the value's address, and the copy is made out here,
    // compiled for this view's type. Inlined, so that the comparison is too.
    @inline(__always)
    func visit<Other: View>(_ other: Other, _ take: (UnsafeRawPointer) -> Void) {
      guard Other.self == Self.self else { return }
      withUnsafePointer(to: other) { take(UnsafeRawPointer($0)) }
    }
    var result: Self?
    visit(view) { result = $0.load(as: Self.self) }
    return result
  }

  /// Renders this view alone into a new frame of `size`, drawn in `theme`.
  public func frame(size: Size, theme: Theme = .standard) -> Frame {
    var frame = Frame(size: size, theme: theme)
    render(into: &frame, in: frame.bounds)
    return frame
  }
}
