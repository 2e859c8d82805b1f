import ContactsCore
import ContactsModel
import ContactsServices
import ContactsTesting
import Foundation
import TerminalUI

/// The people the screens are tested with: fixed, so goldens do not follow the generator.
let fixturePeople: [ContactDraft] = [
  ContactDraft(
    name: "Ada Lovelace", email: "ada@analytical.example", phone: "+44 20 7946 0001", company: "Analytical Engines",
    address: "12 St James's Square, London", notes: "First programmer. Prefers letters to calls."),
  ContactDraft(
    name: "Alan Turing", email: "alan@bletchley.example", phone: "+44 1908 640404", company: "Bletchley Park"),
  ContactDraft(name: "Grace Hopper", email: "grace@navy.example", phone: "+1 202 555 0142", company: "US Navy"),
  ContactDraft(name: "Zoë Ångström", email: "zoe@uppsala.example", phone: "+46 18 471 0000", company: "Uppsala"),
  ContactDraft(name: "李小龍", email: "bruce@jkd.example", phone: "+852 2345 6789", company: "Jeet Kune Do"),
  ContactDraft(name: "Émile Zola", email: "emile@paris.example", phone: "+33 1 42 00 00 00", company: "L'Aurore"),
  ContactDraft(name: "Katherine Johnson", email: "katherine@nasa.example", phone: "+1 757 555 0100", company: "NASA"),
  ContactDraft(name: "Linus Torvalds", email: "linus@kernel.example", phone: "+1 503 555 0199", company: "Linux"),
  ContactDraft(name: "Margaret Hamilton", email: "margaret@mit.example", phone: "+1 617 555 0123", company: "MIT"),
  ContactDraft(name: "Dennis Ritchie", email: "dmr@bell.example", phone: "+1 908 555 0111", company: "Bell Labs"),
]

/// A contact with every field the app shows: lists with types and a preferred entry, dates
/// with and without a year.
let fullContact: ContactDraft = {
  var draft = ContactDraft(name: "Augusta Ada King")
  draft.nickname = "Ada, Countess of Lovelace"
  draft.organization = "Analytical Engines"
  draft.title = "Mathematician"
  draft.emails = [
    ContactDraft.Entry("ada@analytical.example", label: "work", isPreferred: true),
    ContactDraft.Entry("ada@home.example", label: "home"),
  ]
  draft.phones = [
    ContactDraft.Entry("+44 20 7946 0001", label: "cell", isPreferred: true),
    ContactDraft.Entry("+44 20 7946 0002", label: "work, fax"),
  ]
  draft.addresses = [ContactDraft.Entry("12 St James's Square, London, United Kingdom", label: "home")]
  draft.urls = [ContactDraft.Entry("https://example.org/ada")]
  draft.birthday = "--12-10"
  draft.anniversary = "1835-07-08"
  draft.categories = "friends, science"
  draft.notes = "First programmer. Prefers letters to calls."
  return draft
}()

/// A contact with more rows than an 80x24 detail has room for.
let tallContact: ContactDraft = {
  var draft = ContactDraft(name: "Many Emails")
  draft.emails = (1...20).map { ContactDraft.Entry("person\($0)@many.example", label: $0 == 1 ? "work" : "") }
  draft.notes = "Notes that do not fit."
  return draft
}()

let adaEmail = "ada@example.com"
let adaPassword = "analytical engine"

extension AppDriver {
  /// An account for Ada with the fixture people (or none).
  func seedAda(people: [ContactDraft] = fixturePeople) async throws {
    let accounts = AccountService(database: database, hasher: .fastForTesting)
    let user = try await accounts.createAccount(email: adaEmail, password: adaPassword)
    let store = ContactStore(database: database)
    for person in people { _ = try await store.insert(person, account: user.id) }
  }

  var state: AppState { app.store.state }
}
