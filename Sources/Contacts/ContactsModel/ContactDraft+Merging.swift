extension ContactDraft {
  /// The form to save when someone else saved the contact while it was being edited and the
  /// user keeps theirs: field by field (a list counts as one field), what the user changed from
  /// `base` (the contact as the edit started) over `theirs` (the contact as stored now). A field
  /// only they changed keeps their value, so keeping mine loses nothing the user did not touch.
  public static func merging(mine: ContactDraft, base: ContactDraft, theirs: ContactDraft) -> ContactDraft {
    func pick<Value: Equatable>(_ field: WritableKeyPath<ContactDraft, Value>) -> Value {
      mine[keyPath: field] != base[keyPath: field] ? mine[keyPath: field] : theirs[keyPath: field]
    }
    /// A list both changed is the user's, its entries new: their places in the stored list
    /// no longer say which entry they came from.
    func pickList(_ field: WritableKeyPath<ContactDraft, [Entry]>) -> [Entry] {
      let (mine, base, theirs) = (mine[keyPath: field], base[keyPath: field], theirs[keyPath: field])
      if mine == base { return theirs }
      if theirs == base { return mine }
      return mine.map { Entry($0.value, label: $0.label, isPreferred: $0.isPreferred) }
    }
    var merged = theirs
    merged.name = pick(\.name)
    merged.nickname = pick(\.nickname)
    merged.organization = pick(\.organization)
    merged.title = pick(\.title)
    merged.emails = pickList(\.emails)
    merged.phones = pickList(\.phones)
    merged.addresses = pickList(\.addresses)
    merged.urls = pickList(\.urls)
    merged.birthday = pick(\.birthday)
    merged.anniversary = pick(\.anniversary)
    merged.categories = pick(\.categories)
    merged.notes = pick(\.notes)
    return merged
  }
}
