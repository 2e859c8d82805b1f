public import VCardFormat

/// What this side knows of one contact (by UID) when a sync decides about it.
public enum LocalSide: Hashable, Sendable {
  /// No contact and nothing remembered: the server's card is new here.
  case absent
  /// The contact as it was when both sides last agreed.
  case unchanged(VCard)
  /// The contact, changed here since both sides last agreed (or new here).
  case changed(VCard)
  /// Deleted here; the server still has it as far as this side knows (a tombstone).
  case deleted
}

/// What the last sync remembered of one contact: where the server keeps it and what both
/// sides agreed on.
public struct ItemMemory: Hashable, Sendable {
  /// The card both sides last agreed on, the three-way merge's common ancestor.
  public var base: VCard?
  /// `base`'s fingerprint.
  public var baseFingerprint: String?
  /// What an upload under way sent, when its answer never came (a sync killed or cut off
  /// after sending): a card the server holds with its fingerprint is this side's own write, not
  /// a change made elsewhere; and a card the server changed since is merged against it.
  public var pending: VCard?
  /// `pending`'s fingerprint.
  public var pendingFingerprint: String?

  public init(
    base: VCard? = nil, baseFingerprint: String? = nil, pending: VCard? = nil, pendingFingerprint: String? = nil
  ) {
    self.base = base
    self.baseFingerprint = baseFingerprint
    self.pending = pending
    self.pendingFingerprint = pendingFingerprint
  }

  /// Nothing remembered: the contact is new to the link.
  public static let none = ItemMemory()
}
