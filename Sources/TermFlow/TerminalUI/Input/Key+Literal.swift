/// A key map names a printable key by its character: `"q"` is `.character("q")`, so bindings
/// read as the keys they are (`KeyBinding(["j", .down], "Down", …)`).
extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
  public init(extendedGraphemeClusterLiteral character: Character) {
    self.init(.character(character))
  }
}
