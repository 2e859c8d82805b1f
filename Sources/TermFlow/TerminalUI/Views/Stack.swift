/// How much of a stack's main axis a child gets.
public enum Length: Hashable, Sendable {
  /// Exactly this many cells (less only when the stack runs out).
  case fixed(Int)
  /// At least this many, then a share of what is left like `.flexible(1)`.
  case min(Int)
  /// A share of what is left after fixed, minimum and fitted children, by weight.
  case flexible(Int)
  /// What the child says it prefers (`View.preferredSize`).
  case fit

  /// A flexible child of weight 1.
  public static let fill = Length.flexible(1)
}

/// A child of a stack with its length.
public struct StackItem {
  public var length: Length
  public var view: any View

  public init(_ length: Length, _ view: any View) {
    self.length = length
    self.view = view
  }

  public static func fixed(_ cells: Int, _ view: any View) -> StackItem { StackItem(.fixed(cells), view) }
  public static func min(_ cells: Int, _ view: any View) -> StackItem { StackItem(.min(cells), view) }
  public static func flexible(_ view: any View, weight: Int = 1) -> StackItem { StackItem(.flexible(weight), view) }
  public static func fit(_ view: any View) -> StackItem { StackItem(.fit, view) }
  /// A flexible child of weight 1: takes what is left.
  public static func fill(_ view: any View) -> StackItem { StackItem(.fill, view) }
}

/// Splits `total` cells between lengths: fixed, minimum and fitted sizes first, in order, then
/// the rest by weight (remainders to the earliest). Never hands out more than `total`.
func distribute(_ total: Int, lengths: [Length], fitted: (Int) -> Int) -> [Int] {
  var sizes = [Int](repeating: 0, count: lengths.count)
  var remaining = max(0, total)
  for (index, length) in lengths.enumerated() {
    let base: Int
    switch length {
    case .fixed(let cells), .min(let cells): base = cells
    case .fit: base = fitted(index)
    case .flexible: base = 0
    }
    sizes[index] = Swift.min(Swift.max(0, base), remaining)
    remaining -= sizes[index]
  }
  let weights = lengths.map { length -> Int in
    switch length {
    case .flexible(let weight): Swift.max(0, weight)
    case .min: 1
    default: 0
    }
  }
  let totalWeight = weights.reduce(0, +)
  guard totalWeight > 0, remaining > 0 else { return sizes }
  var handedOut = 0
  for index in sizes.indices where weights[index] > 0 {
    let share = remaining * weights[index] / totalWeight
    sizes[index] += share
    handedOut += share
  }
  var leftover = remaining - handedOut
  for index in sizes.indices where weights[index] > 0 && leftover > 0 {
    sizes[index] += 1
    leftover -= 1
  }
  return sizes
}

/// Children along one axis: the shared layout of ``VStack`` and ``HStack``.
public struct Stack: View {
  public enum Axis: Sendable { case vertical, horizontal }

  public var axis: Axis
  public var items: [StackItem]
  public var spacing: Int

  public init(_ axis: Axis, spacing: Int = 0, _ items: [StackItem]) {
    self.axis = axis
    self.items = items
    self.spacing = spacing
  }

  public func render(into frame: inout Frame, in region: Rect) {
    forEachSlot(in: region) { index, slot in items[index].view.render(into: &frame, in: slot) }
  }

  /// The area each child gets in `region`, in order: what a view that must know its size ahead
  /// of drawing (a list's visible rows) asks the layout, instead of counting its neighbours'
  /// rows by hand.
  public func slots(in region: Rect) -> [Rect] {
    var slots: [Rect] = []
    forEachSlot(in: region) { _, slot in slots.append(slot) }
    return slots
  }

  private func forEachSlot(in region: Rect, _ body: (Int, Rect) -> Void) {
    let gaps = Swift.max(0, items.count - 1) * spacing
    let sizes = distribute(length(of: region.size) - gaps, lengths: items.map(\.length)) { index in
      length(of: items[index].view.preferredSize(in: region.size))
    }
    var offset = 0
    for (index, size) in sizes.enumerated() {
      body(
        index,
        axis == .vertical
          ? Rect(x: region.x, y: region.y + offset, width: region.width, height: size)
          : Rect(x: region.x + offset, y: region.y, width: size, height: region.height))
      offset += size + spacing
    }
  }

  public func preferredSize(in available: Size) -> Size {
    var along = Swift.max(0, items.count - 1) * spacing
    var across = 0
    for item in items {
      let preferred = item.view.preferredSize(in: available)
      across = Swift.max(across, axis == .vertical ? preferred.width : preferred.height)
      switch item.length {
      case .fixed(let cells), .min(let cells): along += cells
      case .fit, .flexible: along += length(of: preferred)
      }
    }
    return axis == .vertical
      ? Size(width: Swift.min(across, available.width), height: Swift.min(along, available.height))
      : Size(width: Swift.min(along, available.width), height: Swift.min(across, available.height))
  }

  /// The extent of `size` along this stack's axis.
  private func length(of size: Size) -> Int {
    axis == .vertical ? size.height : size.width
  }
}

/// Children top to bottom.
public struct VStack: View {
  private let stack: Stack

  public init(spacing: Int = 0, _ items: [StackItem]) {
    stack = Stack(.vertical, spacing: spacing, items)
  }

  public func render(into frame: inout Frame, in region: Rect) { stack.render(into: &frame, in: region) }
  public func preferredSize(in available: Size) -> Size { stack.preferredSize(in: available) }
  /// The rows each child gets in `region` (see ``Stack/slots(in:)``).
  public func slots(in region: Rect) -> [Rect] { stack.slots(in: region) }
}

/// Children left to right.
public struct HStack: View {
  private let stack: Stack

  public init(spacing: Int = 0, _ items: [StackItem]) {
    stack = Stack(.horizontal, spacing: spacing, items)
  }

  public func render(into frame: inout Frame, in region: Rect) { stack.render(into: &frame, in: region) }
  public func preferredSize(in available: Size) -> Size { stack.preferredSize(in: available) }
}
