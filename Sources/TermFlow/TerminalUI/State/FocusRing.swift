/// Which of a screen's controls has the keyboard, as data in app state.
///
/// Tab and Shift-Tab (or ↓ and ↑) move around the ring; controls that are currently unusable
/// (a disabled button) can be skipped.
public struct FocusRing<Element: Hashable & Sendable>: Hashable, Sendable {
  public let order: [Element]
  public private(set) var focused: Element

  /// `order` must not be empty; focus starts on `focused` or the first element.
  public init(_ order: [Element], focused: Element? = nil) {
    precondition(!order.isEmpty, "a focus ring needs at least one element")
    self.order = order
    self.focused = focused.flatMap { order.contains($0) ? $0 : nil } ?? order[0]
  }

  public mutating func focus(_ element: Element) {
    if order.contains(element) { focused = element }
  }

  public mutating func next(skipping skipped: Set<Element> = []) { step(1, skipping: skipped) }
  public mutating func previous(skipping skipped: Set<Element> = []) { step(-1, skipping: skipped) }

  private mutating func step(_ direction: Int, skipping skipped: Set<Element>) {
    guard var index = order.firstIndex(of: focused) else { return }
    for _ in order.indices {
      index = (index + direction + order.count) % order.count
      if !skipped.contains(order[index]) {
        focused = order[index]
        return
      }
    }
  }
}
