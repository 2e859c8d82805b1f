import IssueReporting

/// Checks that screens (or any objects) are gone when the route has left them.
///
/// Track each screen as it is built; after a route change, `expectReleased` fails the test for
/// any that is still alive, which catches a leak through a retained closure or a subscription
/// that was never removed. Pair it with `Store.subscriptionCount` and
/// `Store.activeEffectCount` to check that a screen's subscriptions and effects went with it.
@MainActor
public final class LifecycleTracker {
  private final class Entry {
    let name: String
    weak var object: AnyObject?

    init(name: String, object: AnyObject) {
      self.name = name
      self.object = object
    }
  }

  private var entries: [Entry] = []

  public init() {}

  /// Starts watching `object` under `name` (the same name may be tracked again later).
  public func track(_ object: AnyObject, as name: String) {
    entries.append(Entry(name: name, object: object))
  }

  /// Names of the tracked objects still alive.
  public var alive: [String] {
    entries.filter { $0.object != nil }.map(\.name)
  }

  /// Fails the test for each of `names` with a tracked object still alive.
  public func expectReleased(
    _ names: String...,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    for name in names where alive.contains(name) {
      reportIssue(
        "\(name) is still alive after the route left it (retained by a closure, a subscription or a parent?)",
        fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// Fails the test for each of `names` that has no tracked object alive.
  public func expectAlive(
    _ names: String...,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    for name in names where !alive.contains(name) {
      reportIssue("\(name) is not alive", fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}
