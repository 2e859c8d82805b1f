/// What is on stage: the screens the state calls for, root first, as a ``Coordinator`` names
/// them, and what the title bar says.
///
/// ```swift
/// Stage([ListScreen()] + (state.route.detailID.map { [DetailScreen(id: $0)] } ?? []))
/// ```
public struct Stage<State, Action: Sendable> {
  /// The screens, root first; the last one has the keyboard.
  public var screens: [any Screen<State, Action>]
  /// Whether the stack may be split on a wide terminal (a list and its detail may; a form
  /// standing alone may not).
  public var allowsSplit: Bool
  /// Text on the right of the title bar (who is signed in, counts).
  public var status: String

  public init(_ screens: [any Screen<State, Action>], allowsSplit: Bool = true, status: String = "") {
    self.screens = screens
    self.allowsSplit = allowsSplit
    self.status = status
  }

  /// Nothing on stage.
  public static var empty: Stage { Stage([]) }

  /// Whether `other` puts the same screens on stage the same way.
  @inlinable
  func isSame(as other: Stage) -> Bool {
    guard allowsSplit == other.allowsSplit, status == other.status, screens.count == other.screens.count else {
      return false
    }
    for index in screens.indices where !screens[index].isSame(as: other.screens[index]) { return false }
    return true
  }
}

extension Screen {
  /// Whether `other` is this screen. Compared without boxing either and without a cast (a cast
  /// looks conformances up at run time, and this runs after every batch): the types by
  /// identity, then the values as this type.
  @inlinable
  func isSame(as other: any Screen<State, Action>) -> Bool {
    other.isSame(asScreen: self)
  }

  @inlinable
  func isSame<Other: Screen>(asScreen other: Other) -> Bool {
    guard Other.self == Self.self else { return false }
    return withUnsafePointer(to: other) { $0.withMemoryRebound(to: Self.self, capacity: 1) { $0.pointee == self } }
  }
}

/// A declared screen as a dictionary key: equal for the same screen.
func identity(of screen: some Screen) -> AnyHashable {
  AnyHashable(screen)
}
