public import ContactsModel

/// What the Duplicates screen needs from the database, for one signed-in account: injected, so
/// the reducer stays pure. The live client wraps `ContactStore`; tests pass closures, and a
/// closure a test does not provide fails loudly.
public struct DuplicatesClient: Sendable {
  /// Finds the groups of likely duplicates, never two contacts kept apart: progress as it
  /// reads (a book of a million takes seconds), then the groups. Runs off the main thread.
  public var find: @Sendable () -> AsyncThrowingStream<DuplicatesSearchEvent, any Error>
  /// The contacts with these ids, nil for one deleted meanwhile.
  public var contacts: @Sendable ([Int64]) async throws -> [Contact?]
  /// Saves `merged` over `survivor` and deletes `other`, in one transaction; refused when
  /// either changed since it was read. Returns the survivor as stored.
  public var merge: @Sendable (_ merged: Contact, _ survivor: Contact, _ other: Contact) async throws -> Contact
  /// Undoes a merge in one transaction: the survivor as it was, the other back with its UID.
  public var undo: @Sendable (MergeRecord) async throws -> MergeUndone
  /// Remembers that two contacts (by UID) are not duplicates, for good.
  public var keepApart: @Sendable (_ first: String, _ second: String) async throws -> Void
  /// The country the search reads phone numbers without a country code as from (see
  /// `PhoneRegion`): the screen and the merge tell shared numbers the same way.
  public var phoneRegion: String?

  public init(
    find: @escaping @Sendable () -> AsyncThrowingStream<DuplicatesSearchEvent, any Error> = {
      AsyncThrowingStream { $0.finish(throwing: ContactsClientError.unimplemented("duplicates.find")) }
    },
    contacts: @escaping @Sendable ([Int64]) async throws -> [Contact?] = { _ in
      throw ContactsClientError.unimplemented("duplicates.contacts")
    },
    merge: @escaping @Sendable (Contact, Contact, Contact) async throws -> Contact = { _, _, _ in
      throw ContactsClientError.unimplemented("duplicates.merge")
    },
    undo: @escaping @Sendable (MergeRecord) async throws -> MergeUndone = { _ in
      throw ContactsClientError.unimplemented("duplicates.undo")
    },
    keepApart: @escaping @Sendable (String, String) async throws -> Void = { _, _ in
      throw ContactsClientError.unimplemented("duplicates.keepApart")
    },
    phoneRegion: String? = nil
  ) {
    self.find = find
    self.contacts = contacts
    self.merge = merge
    self.undo = undo
    self.keepApart = keepApart
    self.phoneRegion = phoneRegion
  }
}

/// What a search for duplicates reports as it goes.
public enum DuplicatesSearchEvent: Equatable, Sendable {
  case progress(done: Int, total: Int)
  case found([DuplicateGroup])
}

/// A merge done, with what undoing it needs: both contacts as they were, and the result.
public struct MergeRecord: Equatable, Sendable, Codable {
  public var survivor: Contact
  public var other: Contact
  public var merged: Contact
  /// The group as it was before the merge, to show again after an undo.
  public var group: DuplicateGroup

  public init(survivor: Contact, other: Contact, merged: Contact, group: DuplicateGroup) {
    self.survivor = survivor
    self.other = other
    self.merged = merged
    self.group = group
  }
}

/// A merge undone: the survivor as it is again, and the other back (under a new id).
public struct MergeUndone: Equatable, Sendable, Codable {
  public var survivor: Contact
  public var other: Contact

  public init(survivor: Contact, other: Contact) {
    self.survivor = survivor
    self.other = other
  }
}
