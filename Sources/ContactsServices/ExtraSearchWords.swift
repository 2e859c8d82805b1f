/// What the column `contact.phoneWords` holds, named for what it held first (v3): the words the
/// search index needs that a contact's fields do not spell out. First the phone number's digit
/// words (`PhoneWords`), then, from v4, the plain spellings of the name's and company's words
/// that have letters like "ø" or "ł" (`PlainSpellings`).
enum ExtraSearchWords {
  static func of(phone: String, name: String, company: String) -> String {
    var words: [UInt8] = []
    PhoneWords.append(phone.utf8, to: &words)
    PlainSpellings.append(name, to: &words)
    PlainSpellings.append(company, to: &words)
    return String(decoding: words, as: UTF8.self)
  }
}
