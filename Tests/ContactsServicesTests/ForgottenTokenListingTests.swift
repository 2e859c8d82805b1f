import CardSync
import Foundation
import TestSupport
import Testing

@testable import ContactsServices

/// What tells a listing of changes from one of every member (a server that forgot the token
/// and answered with everything, as DAViCal does), and problems that stay until they are gone.
@Suite struct ForgottenTokenListingTests {
  static let book = URL(string: "http://127.0.0.1:5232/ada/book/")!

  func card(_ uid: String) -> String {
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:\(uid);;;;\r\nFN:\(uid)\r\nEND:VCARD\r\n"
  }

  /// A linked account holding `uids`, each at /ada/book/UID.vcf with ETag "UID-1".
  func holding(_ uids: [String]) async throws -> (TwoAccounts, SyncStore) {
    let fixture = try await TwoAccounts.make()
    let sync = SyncStore(database: fixture.database)
    try await sync.saveLink(
      SyncLink(
        account: fixture.ada, addressBook: Self.book, username: "ada", password: .command("echo x"), cardVersion: "3.0")
    )
    let tally = try await sync.applyArrivals(
      uids.map { RemoteCard(href: "/ada/book/\($0).vcf", etag: "\"\($0)-1\"", text: card($0)) }, book: fixture.adaBook)
    #expect(tally.received == uids.count)
    return (fixture, sync)
  }

  func listing(_ entries: [ListingEntry], _ sync: SyncStore, _ fixture: TwoAccounts) async throws -> Bool {
    try await sync.startListing(book: fixture.adaBook)
    try sync.addToListing(entries, book: fixture.adaBook)
    return try await sync.listingNamesUnchangedCards(book: fixture.adaBook)
  }

  @Test func aListingOfChangesNamesNoCardAtTheETagHeldHere() async throws {
    let (fixture, sync) = try await holding(["ann", "bob", "cy"])
    defer { fixture.directory.remove() }
    // Changed, removed, new, and an answer without ETags: all changes.
    #expect(
      try await !listing(
        [
          ListingEntry(href: "/ada/book/ann.vcf", etag: "\"ann-2\""),
          ListingEntry(href: "/ada/book/bob.vcf", etag: nil, isRemoved: true),
          ListingEntry(href: "/ada/book/dan.vcf", etag: "\"dan-1\""),
          ListingEntry(href: "/ada/book/cy.vcf", etag: ""),
        ], sync, fixture))
    #expect(try await !listing([], sync, fixture))
  }

  @Test func aListingOfEveryMemberNamesTheUnchangedOnes() async throws {
    let (fixture, sync) = try await holding(["ann", "bob", "cy"])
    defer { fixture.directory.remove() }
    // What DAViCal answers to a token it forgot after bob was deleted there: every card it has.
    #expect(
      try await listing(
        [
          ListingEntry(href: "/ada/book/ann.vcf", etag: "\"ann-1\""),
          ListingEntry(href: "/ada/book/cy.vcf", etag: "\"cy-1\""),
        ], sync, fixture))
    // One unchanged card among changes is enough.
    #expect(
      try await listing(
        [
          ListingEntry(href: "/ada/book/ann.vcf", etag: "\"ann-2\""),
          ListingEntry(href: "/ada/book/cy.vcf", etag: "\"cy-1\""),
        ], sync, fixture))
  }

  @Test func aProblemIsRecheckedUntilTheServerNoLongerHasIt() async throws {
    let (fixture, sync) = try await holding(["ann"])
    defer { fixture.directory.remove() }
    // ann's UID at a second href: a problem, not a second contact.
    let twice = try await sync.applyArrivals(
      [RemoteCard(href: "/ada/book/ann-copy.vcf", etag: "\"copy-1\"", text: card("ann"))], book: fixture.adaBook)
    #expect(twice.unreadable == 1)
    #expect(try await sync.problems(account: fixture.ada).map(\.href) == ["/ada/book/ann-copy.vcf"])

    // A listing that names it brings it anyway; one that does not leaves it to fetch again.
    try await sync.startListing(book: fixture.adaBook)
    try sync.addToListing([ListingEntry(href: "/ada/book/ann-copy.vcf", etag: "\"copy-2\"")], book: fixture.adaBook)
    #expect(try await sync.problemsNotListed(book: fixture.adaBook).isEmpty)
    try await sync.startListing(book: fixture.adaBook)
    try sync.addToListing(
      [ListingEntry(href: "/ada/book/ann-copy.vcf", etag: nil, isRemoved: true)], book: fixture.adaBook)
    #expect(try await sync.problemsNotListed(book: fixture.adaBook) == ["/ada/book/ann-copy.vcf"])

    try await sync.clearProblems(["/ada/book/ann-copy.vcf"], account: fixture.ada)
    #expect(try await sync.problems(account: fixture.ada).isEmpty)
    #expect(try await sync.status(account: fixture.ada)?.problems == 0)
  }
}
