import ContactsModel
import Foundation
import TestSupport
import Testing

@testable import ContactsServices

struct ContactStoreTests {
  private struct Fixture {
    let directory: TemporaryDirectory
    let store: ContactStore
    let ada: Int64
    let grace: Int64
  }

  private func makeFixture(names: [String] = []) async throws -> Fixture {
    let directory = try TemporaryDirectory()
    let database = try ContactsDatabase.open(at: directory.path("contacts.sqlite"))
    let accounts = AccountService(database: database, hasher: .fastForTesting)
    let ada = try await accounts.createAccount(email: "ada@example.com", password: "analytical").id
    let grace = try await accounts.createAccount(email: "grace@example.com", password: "compilers").id
    let store = ContactStore(database: database)
    for name in names { _ = try await store.insert(ContactDraft(name: name), account: ada) }
    return Fixture(directory: directory, store: store, ada: ada, grace: grace)
  }

  @Test func pagesWalkTheWholeListInFoldedOrderBothWays() async throws {
    let names = ["zoe", "Zoë Ångström", "ada", "Émile", "bob", "Ada", "李小龍", "Émile", "charlie", "Zed"]
    let fixture = try await makeFixture(names: names)
    defer { fixture.directory.remove() }
    var forward: [Contact] = []
    var page = try await fixture.store.page(account: fixture.ada, after: nil, limit: 3)
    while !page.isEmpty {
      forward += page
      page = try await fixture.store.page(account: fixture.ada, after: page.last!.position, limit: 3)
    }
    #expect(
      forward.map(\.name) == ["ada", "Ada", "bob", "charlie", "Émile", "Émile", "Zed", "zoe", "Zoë Ångström", "李小龍"])
    var backward: [Contact] = []
    page = try await fixture.store.page(account: fixture.ada, before: nil, limit: 4)
    while !page.isEmpty {
      backward = page + backward
      page = try await fixture.store.page(account: fixture.ada, before: page.first!.position, limit: 4)
    }
    #expect(backward == forward)
    #expect(try await fixture.store.count(account: fixture.ada) == 10)
    #expect(try await fixture.store.index(of: forward[6].position, account: fixture.ada) == 6)
  }

  @Test func searchIsPrefixBasedAndIgnoresAccents() async throws {
    let fixture = try await makeFixture()
    defer { fixture.directory.remove() }
    let zoe = try await fixture.store.insert(
      ContactDraft(name: "Zoë Ångström", email: "zoe@astro.se", phone: "+46 8 555 01", company: "Observatory"),
      account: fixture.ada)
    _ = try await fixture.store.insert(ContactDraft(name: "Bruce Lee", company: "Golden Harvest"), account: fixture.ada)
    for query in ["zo", "zoe", "ang", "Ångs", "astro", "obs", "zoe ang", "46"] {
      let result = try await fixture.store.search(account: fixture.ada, query: query, limit: 10)
      #expect(result.contacts == [zoe], "\(query)")
      #expect(result.total == 1, "\(query)")
    }
    #expect(try await fixture.store.search(account: fixture.ada, query: "nobody", limit: 10).total == 0)
    #expect(try await fixture.store.search(account: fixture.ada, query: "  ", limit: 10).total == 0)
  }

  @Test func savesAreValidatedAndKeepSearchInStep() async throws {
    let fixture = try await makeFixture()
    defer { fixture.directory.remove() }
    await #expect(
      throws: ContactStore.StoreError.invalid([.name: "A name is required", .email(0): "Enter a valid email address"])
    ) {
      try await fixture.store.insert(ContactDraft(name: " ", email: "not-an-email"), account: fixture.ada)
    }
    var contact = try await fixture.store.insert(ContactDraft(name: "Grace Hopper"), account: fixture.ada)
    contact = try await fixture.store.update(
      id: contact.id, with: ContactDraft(name: "Amazing Grace"), account: fixture.ada)
    #expect(try await fixture.store.search(account: fixture.ada, query: "amaz", limit: 5).contacts == [contact])
    #expect(try await fixture.store.search(account: fixture.ada, query: "hopper", limit: 5).total == 0)
    try await fixture.store.delete(id: contact.id, account: fixture.ada)
    #expect(try await fixture.store.search(account: fixture.ada, query: "amaz", limit: 5).total == 0)
    #expect(try await fixture.store.count(account: fixture.ada) == 0)
  }

  @Test func oneAccountNeverSeesAnothersContacts() async throws {
    let fixture = try await makeFixture(names: ["Ada's friend"])
    defer { fixture.directory.remove() }
    let adas = try await fixture.store.page(account: fixture.ada, after: nil, limit: 10)[0]
    #expect(try await fixture.store.count(account: fixture.grace) == 0)
    #expect(try await fixture.store.page(account: fixture.grace, after: nil, limit: 10).isEmpty)
    #expect(try await fixture.store.search(account: fixture.grace, query: "friend", limit: 10).total == 0)
    #expect(try await fixture.store.contact(id: adas.id, account: fixture.grace) == nil)
    await #expect(throws: ContactStore.StoreError.notFound) {
      try await fixture.store.update(id: adas.id, with: ContactDraft(name: "Stolen"), account: fixture.grace)
    }
    await #expect(throws: ContactStore.StoreError.notFound) {
      try await fixture.store.delete(id: adas.id, account: fixture.grace)
    }
    #expect(try await fixture.store.contact(id: adas.id, account: fixture.ada)?.name == "Ada's friend")
  }
}
