public import ContactsModel
public import TerminalUI

/// The Duplicates screen's state: the search for likely duplicates, the groups it found, the
/// pair on screen (the group's first contact, which survives a merge, and the next), which of
/// their differing fields the merge takes from the other, and the last merge, which can be
/// undone while the screen is open.
///
/// A group of three or more is one person's records: its first contact stays, and each other
/// comes beside it in turn ("contact 2 of 3"), to be merged into it or kept apart, until the
/// group is one contact, as Proton's and Google's merges gather a whole group into one.
///
/// Only ids are kept for the groups (a million contacts may give thousands); the two contacts
/// on screen are loaded as a pair comes up.
public struct DuplicatesState: Equatable, Sendable {
  public enum Search: Equatable, Sendable {
    case idle
    case finding(done: Int, total: Int)
    case found
    case failed(String)
  }

  public var search = Search.idle
  /// The groups not dealt with yet, in the order found.
  public var groups: [DuplicateGroup] = []
  /// The group on screen.
  public var position = 0
  /// How many contacts each group had when found, by its first contact's id (which a merge
  /// keeps): a group of three shows its second, then its third beside the first.
  public var foundSizes: [Int64: Int] = [:]
  /// Its first two contacts, once loaded.
  public var pair: Loadable<ContactPair>?
  /// The differing fields the merge takes from the other (the survivor's value otherwise).
  public var takeFromOther: Set<ContactMerge.Field> = []
  /// The differing field under the cursor.
  public var selectedChoice = 0
  /// A merge, an undo or a "not duplicates" is being written.
  public var isWriting = false
  /// The last merge, while the screen is open: `u` undoes it.
  public var lastMerge: MergeRecord?
  /// What the last write said: done, or why it failed.
  public var message: Message?

  public enum Message: Equatable, Sendable {
    case done(String)
    case failed(String)
  }

  public init() {}

  /// The group on screen, if any is left.
  public var group: DuplicateGroup? { groups.indices.contains(position) ? groups[position] : nil }

  /// Which contact of its group is beside the first (2 for the first pair), and how many the
  /// group had when found.
  public var placeInGroup: (contact: Int, of: Int)? {
    guard let group, let first = group.ids.first else { return nil }
    let size = max(foundSizes[first] ?? group.ids.count, group.ids.count)
    return (size - group.ids.count + 2, size)
  }

  /// Whether a spinner turns (the app's animation timer runs).
  public var isBusy: Bool {
    if case .finding = search { return true }
    return isWriting || pair?.isLoading == true
  }

  static let findEffectID = "duplicates/find"
  static let loadEffectID = "duplicates/load"
  static let writeEffectID = "duplicates/write"
  /// Every effect the screen may have running, to cancel at sign-out.
  static let effectIDs = [findEffectID, loadEffectID, writeEffectID]
}

/// Two contacts of a group side by side: the survivor (the group's first) and the other.
public struct ContactPair: Equatable, Sendable, Codable {
  public var survivor: Contact
  public var other: Contact
  /// The country their phone numbers without a country code are read as from (the search's,
  /// ``DuplicatesClient/phoneRegion``): which numbers the two share, for the screen and the merge.
  public var phoneRegion: String?

  public init(survivor: Contact, other: Contact, phoneRegion: String? = nil) {
    self.survivor = survivor
    self.other = other
    self.phoneRegion = phoneRegion
  }

  /// When two entries of their lists are one, as the merge unites them.
  public var entryKeys: ListEntryKeys { ListEntryKeys(phoneRegion: phoneRegion) }

  /// The single-valued fields both fill differently, where the user picks.
  public var choices: [ContactMerge.Field] { ContactMerge.choices(survivor, other) }
}

/// What happens on the Duplicates screen, and what its effects answer.
public enum DuplicatesAction: Equatable, Sendable, Codable {
  /// The screen came on stage: find the groups.
  case find
  case progress(done: Int, total: Int)
  case found([DuplicateGroup])
  case findFailed(String)
  /// The pair of the group on screen, as the database has it now (nil for one deleted meanwhile).
  case pairLoaded(ids: [Int64], [Contact?])
  case loadFailed(String)
  /// Moves the cursor among the differing fields.
  case moveChoice(by: Int)
  /// Takes the field under the cursor from the other (true) or keeps the survivor's (false).
  case takeFromOther(Bool)
  /// The next group, leaving this one as it is.
  case skip
  /// Merge asks first; the confirmation sends ``merge``.
  case askToMerge
  case merge
  indirect case merged(MergeRecord)
  /// The pair on screen are two people: remembered, never proposed again.
  case keepApart
  case keptApart(survivor: Int64, other: Int64)
  case undo
  indirect case undone(MergeUndone)
  case writeFailed(String)
}
