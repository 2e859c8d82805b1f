/// A group of likely duplicates as the app and the command line show it: the contacts' ids,
/// oldest first (the one a merge keeps, unless the user merges another way), and why they were
/// grouped, in words.
public struct DuplicateGroup: Hashable, Sendable, Codable {
  public var ids: [Int64]
  /// "the same e-mail (ada@example.org)" (see ``DuplicateFinder/Group/summary``).
  public var reason: String

  public init(ids: [Int64], reason: String) {
    self.ids = ids
    self.reason = reason
  }

  public init(_ group: DuplicateFinder.Group) {
    self.init(ids: group.ids.sorted(), reason: group.summary)
  }
}

extension DuplicateFinder.Group {
  /// The group without the links the user took back: its members linked wherever two are not
  /// kept apart (`keptApart`: pairs of its members), and the parts of two or more that this
  /// leaves. Two contacts kept apart are never in one part by themselves; with a third that
  /// matches both they stay together (that third is a likely duplicate of each), and a screen
  /// shows them side by side only in other pairs.
  public func separated(keptApart: [(Int64, Int64)]) -> [DuplicateFinder.Group] {
    // With fewer missing links than members less one, every member still reaches every other:
    // a group of thousands (one shared office number) is never compared pair by pair.
    guard keptApart.count >= ids.count - 1 else { return [self] }
    let apart = Set(keptApart.map { [min($0.0, $0.1), max($0.0, $0.1)] })
    var part = Array(ids.indices)
    func root(_ index: Int) -> Int {
      var node = index
      while part[node] != node { node = part[node] }
      return node
    }
    for first in ids.indices {
      for second in ids.indices where second > first {
        guard !apart.contains([min(ids[first], ids[second]), max(ids[first], ids[second])]) else { continue }
        let (a, b) = (root(first), root(second))
        if a != b { part[max(a, b)] = min(a, b) }
      }
    }
    var members: [Int: [Int64]] = [:]
    for index in ids.indices { members[root(index), default: []].append(ids[index]) }
    return members.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { _, ids in
      DuplicateFinder.Group(ids: ids, reasons: reasons)
    }
  }
}
