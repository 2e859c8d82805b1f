extension Frame {
  /// The style of one role: from `own` when a view was given a theme of its own, else from the
  /// frame's. Reads the one style, never copying a whole ``Theme`` (which holds a string): a
  /// widget draws on every key.
  @inline(__always)
  public func style(_ role: (Theme) -> Style, own: Theme?) -> Style {
    if let own { return role(own) }
    return role(theme)
  }
}
