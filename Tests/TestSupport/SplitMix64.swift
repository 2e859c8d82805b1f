/// SplitMix64: a few lines of seeded randomness, so a test that draws at random (a sweep of
/// sizes, garbage for the decoder, random cards, the monkey's keys) draws the same values on
/// every run and every machine. The standard library has no seedable generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `range`, by the remainder of the next value: cheaper than `Int.random(in:using:)`
  /// and as good for picking test inputs.
  public mutating func next(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}
