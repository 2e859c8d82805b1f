/// A cell position: column `x`, row `y`, both from zero at the top left.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public var description: String { "(\(x),\(y))" }
}

/// A size in cells.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var description: String { "\(width)x\(height)" }
}

/// A rectangle of cells. Empty rectangles are legal everywhere and draw nothing.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public init(origin: Point = Point(x: 0, y: 0), size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  public var minX: Int { x }
  public var minY: Int { y }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }
  public var size: Size { Size(width: width, height: height) }
  public var description: String { "\(x),\(y) \(width)x\(height)" }

  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The overlap of two rectangles (empty when they do not meet).
  public func intersection(_ other: Rect) -> Rect {
    let left = max(minX, other.minX)
    let top = max(minY, other.minY)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Shrinks by the given margins, never below empty.
  public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }

  /// Shrinks by `amount` on every side.
  public func inset(by amount: Int) -> Rect {
    inset(top: amount, left: amount, bottom: amount, right: amount)
  }

  /// A rectangle of `size` centred in this one (clamped to fit).
  public func centered(_ size: Size) -> Rect {
    let width = min(size.width, self.width)
    let height = min(size.height, self.height)
    return Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
  }

  /// One row of this rectangle (empty when out of range).
  public func row(_ offset: Int) -> Rect {
    guard offset >= 0, offset < height else { return Rect(x: x, y: y, width: 0, height: 0) }
    return Rect(x: x, y: y + offset, width: width, height: 1)
  }
}
