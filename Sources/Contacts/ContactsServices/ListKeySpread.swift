/// List keys for many new contacts at once, from the keys of the stored contacts around each
/// (`ContactsSchema.migrateToListKeys` explains list keys): what the insert trigger does one
/// contact at a time, for a batch written together.
///
/// New contacts between the same two stored neighbours share their gap evenly; before the
/// account's first contact or after its last they step by the usual gap, as the trigger's
/// single inserts do, so that keys are not spent at the ends of the account's range (a book
/// arriving in list order adds every batch after the last).
enum ListKeySpread {
  /// The keys of the stored contacts just before and just after a new one (nil: none).
  struct Neighbours: Hashable {
    var previous: Int64?
    var next: Int64?
  }

  /// Keys for new contacts in list order, `neighbours[i]` around the `i`th; nil when some gap
  /// holds fewer free keys than the contacts that go into it.
  static func keys(for neighbours: [Neighbours], account: Int64) -> [Int64]? {
    let first = account << ContactsSchema.accountKeyBits
    let last = (account + 1) << ContactsSchema.accountKeyBits
    let gap = ContactsSchema.listKeyGap
    var keys: [Int64] = []
    keys.reserveCapacity(neighbours.count)
    var start = 0
    while start < neighbours.count {
      let around = neighbours[start]
      var end = start + 1
      while end < neighbours.count, neighbours[end] == around { end += 1 }
      let count = Int64(end - start)
      let low = around.previous ?? first
      let high = around.next ?? last
      let room = high - low
      guard room > count else { return nil }
      let even = room / (count + 1)
      switch (around.previous, around.next) {
      case (_, nil):
        let step = min(gap, even)
        for index in 1...count { keys.append(low + index * step) }
      case (nil, _):
        let step = min(gap, even)
        for index in stride(from: count, through: 1, by: -1) { keys.append(high - index * step) }
      default:
        for index in 1...count { keys.append(low + index * even) }
      }
      start = end
    }
    return keys
  }
}
