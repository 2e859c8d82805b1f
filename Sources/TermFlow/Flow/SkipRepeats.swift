/// When a subscriber should *not* hear about a newly selected value.
///
/// The comparison is always against the value last delivered to that subscriber, not against
/// the store's previous state, so a subscriber never receives the same value twice in a row
/// however actions interleave.
public struct SkipRepeats<Value> {
  @usableFromInline let isRepeat: ((Value, Value) -> Bool)?

  /// Skip when `isRepeat(lastDelivered, new)` is true.
  @inlinable
  public static func when(_ isRepeat: @escaping (Value, Value) -> Bool) -> SkipRepeats {
    SkipRepeats(isRepeat: isRepeat)
  }

  /// Deliver every notification pass, even when nothing changed.
  @inlinable
  public static var never: SkipRepeats { SkipRepeats(isRepeat: nil) }

  @usableFromInline
  init(isRepeat: ((Value, Value) -> Bool)?) {
    self.isRepeat = isRepeat
  }
}

extension SkipRepeats where Value: Equatable {
  /// Skip values equal to the last one delivered: the default for Equatable view models.
  @inlinable
  public static var whenEqual: SkipRepeats { .when { $0 == $1 } }
}
