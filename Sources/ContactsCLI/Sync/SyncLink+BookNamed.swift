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
