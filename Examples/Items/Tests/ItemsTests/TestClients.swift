@testable import Items

extension ItemsClient {
  /// Details at once: `<name>, loaded`.
  static let immediate = ItemsClient { item in "\(item.name), loaded" }

  /// Details once `gate` opens: a test sees the loading state first.
  static func waiting(for gate: Gate) -> ItemsClient {
    ItemsClient { item in
      await gate.wait()
      return "\(item.name), loaded"
    }
  }
}

/// What a load waits on: tests hold it, so loads finish only when told to. Once open it stays
/// open.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters.removeAll()
  }
}
