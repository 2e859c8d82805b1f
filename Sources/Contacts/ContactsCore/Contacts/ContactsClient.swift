public import ContactsModel

/// What the contacts features need from the database, for one signed-in account: injected, so
/// reducers stay pure. The live client wraps `ContactStore`; tests pass closures.
///
/// Closures a test does not provide fail loudly with ``ContactsClientError/unimplemented(_:)``
/// rather than answering something plausible.
///
/// The list's calls take the address book it shows alone (``ContactBook/number``; nil: every
/// contact of the account).
public struct ContactsClient: Sendable {
  public var count: @Sendable (_ book: Int?) async throws -> Int
  public var page: @Sendable (PageRequest, _ limit: Int, _ book: Int?) async throws -> [Contact]
  /// The absolute index of a contact in the sorted list (to keep the selection on it).
  public var index: @Sendable (ContactPosition, _ book: Int?) async throws -> Int
  public var contact: @Sendable (Int64) async throws -> Contact?
  public var search: @Sendable (_ query: String, _ limit: Int, _ book: Int?) async throws -> ContactSearchResult
  /// The address books of the account's sync link, in order (none when it is not linked).
  public var books: @Sendable () async throws -> [ContactBook]
  /// Saves a new contact; a refusal says why (``ContactSaveError``).
  public var insert: @Sendable (ContactDraft) async throws(ContactSaveError) -> Contact
  /// Applies a draft to contact `id`. With `startedFrom` (the contact as the edit loaded it),
  /// the save is refused with ``ContactSaveError/changedElsewhere(current:)`` when the stored
  /// contact's revision has moved since: a save never silently overwrites a newer one.
  public var update: @Sendable (Int64, ContactDraft, _ startedFrom: Contact?) async throws(ContactSaveError) -> Contact
  public var delete: @Sendable (Int64) async throws -> Void

  public init(
    count: @escaping @Sendable (Int?) async throws -> Int,
    page: @escaping @Sendable (PageRequest, Int, Int?) async throws -> [Contact],
    index: @escaping @Sendable (ContactPosition, Int?) async throws -> Int = { _, _ in
      throw ContactsClientError.unimplemented("index")
    },
    contact: @escaping @Sendable (Int64) async throws -> Contact? = { _ in
      throw ContactsClientError.unimplemented("contact")
    },
    search: @escaping @Sendable (String, Int, Int?) async throws -> ContactSearchResult = { _, _, _ in
      throw ContactsClientError.unimplemented("search")
    },
    books: @escaping @Sendable () async throws -> [ContactBook] = { [] },
    insert: @escaping @Sendable (ContactDraft) async throws(ContactSaveError) -> Contact = {
      _ throws(ContactSaveError) in
      throw .failed(ContactsClientError.unimplemented("insert").description)
    },
    update: @escaping @Sendable (Int64, ContactDraft, Contact?) async throws(ContactSaveError) -> Contact = {
      _, _, _ throws(ContactSaveError) in throw .failed(ContactsClientError.unimplemented("update").description)
    },
    delete: @escaping @Sendable (Int64) async throws -> Void = { _ in
      throw ContactsClientError.unimplemented("delete")
    }
  ) {
    self.count = count
    self.page = page
    self.index = index
    self.contact = contact
    self.search = search
    self.books = books
    self.insert = insert
    self.update = update
    self.delete = delete
  }
}

public enum ContactsClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A test reached a client call it did not expect.
  case unimplemented(String)
  /// A call made from outside an effect started for a signed-in user.
  case noSignedInUser

  public var description: String {
    switch self {
    case .unimplemented(let name): "ContactsClient.\(name) is not implemented here"
    case .noSignedInUser: "Nobody is signed in"
    }
  }
}

/// A page to load.
public enum PageRequest: Hashable, Sendable, Codable {
  case first
  case last
  case after(ContactPosition)
  case before(ContactPosition)
}
