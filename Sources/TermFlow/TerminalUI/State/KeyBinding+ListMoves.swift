extension ScrollWindow.Move {
  /// The move a list key asks for: ↑ and ↓ (vi's k and j) a row, PgUp and PgDn a page, Home and
  /// End (g and G) to either end; nil for any other key.
  public init?(key: Key) {
    switch key {
    case .up, "k": self = .up
    case .down, "j": self = .down
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .home, "g": self = .home
    case .end, "G": self = .end
    default: return nil
    }
  }
}

extension KeyBinding {
  /// The keys that move a list's selection, each as its ``ScrollWindow/Move``: ↑ ↓, PgUp PgDn,
  /// Home End, shown as `↑↓ Move` and named `move`. Every list moves the same way and says so
  /// the same way.
  public static func listMoves(
    when: @escaping @Sendable (Context) -> Bool = { _ in true },
    _ intent: @escaping @Sendable (ScrollWindow.Move, Context) -> Intent
  ) -> KeyBinding {
    KeyBinding([.up, .down, .pageUp, .pageDown, .home, .end], "Move", shownAs: "↑↓", when: when) { key, context in
      intent(ScrollWindow.Move(key: key) ?? .down, context)
    }
  }

  /// vi's k, j, g and G moving a list as ↑, ↓, Home and End do: hidden beside ``listMoves(when:_:)``
  /// and named `move-vi`, so that it can stand aside while letters are typed into a field.
  public static func viListMoves(
    when: @escaping @Sendable (Context) -> Bool = { _ in true },
    _ intent: @escaping @Sendable (ScrollWindow.Move, Context) -> Intent
  ) -> KeyBinding {
    KeyBinding(["k", "j", "g", "G"], "Move", hidden: true, named: "move-vi", when: when) { key, context in
      intent(ScrollWindow.Move(key: key) ?? .down, context)
    }
  }
}
