import ContactsServices

extension SyncLink {
  /// The linked book `name` names: its URL, the last segment of its path, or its name, in any
  /// case.
  func book(named name: String) -> SyncBook? {
    let wanted = name.lowercased()
    return books.first { book in
      book.url.absoluteString.lowercased() == wanted || book.url.lastPathComponent.lowercased() == wanted
        || book.name?.lowercased() == wanted
    }
  }
}

extension SyncLink {
  /// The linked book `name` names, or the failure that says which books `email` links and
  /// that nothing was `done` ("changed", "moved"): every command that takes a book's name.
  func book(named name: String, of email: String, nothing done: String) throws -> SyncBook {
    guard let book = book(named: name) else {
      throw CommandFailure(
        "\(email) links no address book \(name); it links " + books.map(\.title).joined(separator: ", ")
          + ". Nothing was \(done).")
    }
    return book
  }
}
