import ContactsModel

/// What the column `contact.phoneWords` holds, named for what it held first (v3): the words the
/// search index needs that a contact's fields do not spell out. First the phone number's digit
/// words (`PhoneWords`), then, from v4, the plain spellings of the name's and company's words
/// that have letters like "ø" or "ł" (`PlainSpellings`); from v5, for a contact with more than
/// one of them, the words of its other phones and emails and of its nicknames (folded as the
/// list's sort key is, which is how searches compare them).
enum ExtraSearchWords {
  static func of(_ contact: Contact) -> String {
    var text = of(phone: contact.phone, name: contact.name, company: contact.company)
    var more: [String] = []
    let primaryPhone = contact.phone
    for phone in contact.phones where phone.value != primaryPhone {
      var words: [UInt8] = []
      PhoneWords.append(phone.value.utf8, to: &words)
      more.append(String(decoding: words, as: UTF8.self))
    }
    let primaryEmail = contact.email
    for email in contact.emails where email.value != primaryEmail {
      more.append(ContactPosition.sortKey(for: email.value))
    }
    for nickname in contact.nicknames { more.append(ContactPosition.sortKey(for: nickname)) }
    for word in more where !word.isEmpty {
      if !text.isEmpty { text += " " }
      text += word
    }
    return text
  }

  static func of(phone: String, name: String, company: String) -> String {
    var words: [UInt8] = []
    PhoneWords.append(phone.utf8, to: &words)
    PlainSpellings.append(name, to: &words)
    PlainSpellings.append(company, to: &words)
    return String(decoding: words, as: UTF8.self)
  }
}
