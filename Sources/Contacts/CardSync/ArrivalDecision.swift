public import VCardFormat

/// What to do with a card the server holds that differs from what this side last saw of it
/// (a new member, or a new ETag).
public enum ArrivalDecision: Hashable, Sendable {
  /// Both sides hold the same content: remember the server's card as the base; nothing to send.
  case agreed
  /// Take the server's card here (this side had not changed it, or had deleted it: an edit
  /// made elsewhere wins over a delete made here).
  case takeRemote
  /// This side's change stands and still has to be sent: the server holds what this side last
  /// agreed on, or what it sent itself. Remember the server's ETag (and, with `rebase`, its
  /// card as the new base).
  case keepLocal(rebase: Bool)
  /// Both changed different properties: store the merge here and send it.
  case merged(VCard)
  /// Both changed the same property differently: the user chooses.
  case conflict(VCardConflict)

  /// Decides, given this side's state, what the last sync remembered and the server's card.
  ///
  /// - Same content on both sides is agreement, whatever happened before (a sync killed after
  ///   the server took its upload finds its own write this way).
  /// - A deleted contact is brought back when the server's card changed since the base: the
  ///   edit wins over the delete. Unchanged since the base, the delete stands.
  /// - A changed contact stands when the server's card is the base or this side's own pending
  ///   write; otherwise the two are merged against the base (no base: every difference is a
  ///   conflict). When an upload's answer was lost and the server's card holds what it sent and
  ///   more, the server took it and was changed since: the sent card is then the base.
  public static func decide(local: LocalSide, memory: ItemMemory, remote: VCard) -> ArrivalDecision {
    decide(local: local, memory: memory, remote: remote, remoteFingerprint: CardFingerprint.of(remote))
  }

  /// `decide`, given the server card's fingerprint already computed.
  public static func decide(
    local: LocalSide, memory: ItemMemory, remote: VCard, remoteFingerprint: String
  ) -> ArrivalDecision {
    let isOwnWrite = remoteFingerprint == memory.pendingFingerprint
    let isBase = remoteFingerprint == memory.baseFingerprint
    switch local {
    case .absent, .unchanged:
      if case .unchanged(let card) = local, CardFingerprint.of(card) == remoteFingerprint { return .agreed }
      return .takeRemote
    case .deleted:
      return isOwnWrite || isBase ? .keepLocal(rebase: isOwnWrite) : .takeRemote
    case .changed(let card):
      if CardFingerprint.of(card) == remoteFingerprint { return .agreed }
      if isOwnWrite || isBase { return .keepLocal(rebase: isOwnWrite && !isBase) }
      switch VCardMerge.merge(
        base: commonAncestor(memory, remote: remote, remoteFingerprint), local: card, remote: remote)
      {
      case .conflict(let conflict):
        return .conflict(conflict)
      case .merged(let merged):
        return CardFingerprint.of(merged) == remoteFingerprint ? .takeRemote : .merged(merged)
      }
    }
  }

  /// The card the server's version and this side's descend from. An upload whose answer was
  /// lost leaves its card pending: a create that was never answered was taken (nothing else
  /// writes a new UID at the href made from it, and a refused create clears the pending card), so
  /// the sent card is the ancestor; an update was taken when the server's card holds every
  /// change it made, and otherwise the base still is.
  static func commonAncestor(_ memory: ItemMemory, remote: VCard, _ remoteFingerprint: String) -> VCard? {
    guard let pending = memory.pending else { return memory.base }
    guard let base = memory.base else { return pending }
    guard case .merged(let merged) = VCardMerge.merge(base: base, local: pending, remote: remote),
      CardFingerprint.of(merged) == remoteFingerprint
    else { return base }
    return pending
  }
}
