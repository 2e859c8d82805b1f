import ContactsCore
import Testing

/// The set-up chooser's rows: every book at once when there are several, each book, and a new
/// book where the server says they live.
@Suite struct SyncBookChoiceTests {
  static func book(_ name: String) -> AddressBookChoice {
    AddressBookChoice(url: "https://dav.example.com/ada/\(name.lowercased())/", name: name)
  }

  @Test func severalBooksAreOfferedAllAtOnceFirst() {
    let books = ["Personal", "Work", "Shared"].map(Self.book)
    let discovery = SyncDiscovery(
      server: "https://dav.example.com", username: "ada", books: books, homeSet: "https://dav.example.com/ada/")
    #expect(discovery.offersAll && discovery.choiceCount == 5)
    #expect(discovery.choice(at: 0) == books)
    #expect(discovery.choice(at: 2) == [books[1]])
    #expect(discovery.choice(at: 4) == [])
    #expect(discovery.choice(at: 5) == nil)
  }

  @Test func oneBookIsItsOwnRowAndWithoutAHomeSetNothingIsMade() {
    let discovery = SyncDiscovery(
      server: "https://dav.example.com", username: "ada", books: [Self.book("Contacts")], homeSet: nil)
    #expect(!discovery.offersAll && discovery.choiceCount == 1)
    #expect(discovery.choice(at: 0) == [Self.book("Contacts")])
    #expect(discovery.choice(at: 1) == nil)
  }
}
