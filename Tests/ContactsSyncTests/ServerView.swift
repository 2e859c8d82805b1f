import CardDAV
import CardDAVTesting
import CardSync
import Foundation
import VCardFormat

/// The server's address book as another client sees it: to check what a sync left there, and
/// to change it behind the sides' backs. It reads cards as a vCard 4.0 client does (Cyrus
/// answers 3.0 unless asked; Radicale and Xandikos give what they hold either way).
struct ServerView {
  let server: DAVTestServer
  var version: String? = "4.0"

  /// Every card's href on the server, read or not.
  func hrefs() async throws -> [String] {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var hrefs: [String] = []
      _ = try await client.listETags(server.addressBookURL) { hrefs.append($0.href) }
      return hrefs
    }
  }

  /// Every card on the server: href → (ETag, card).
  func cards() async throws -> [String: (etag: String, card: VCard)] {
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      var hrefs: [String] = []
      _ = try await client.listETags(server.addressBookURL) { hrefs.append($0.href) }
      var found: [String: (etag: String, card: VCard)] = [:]
      if hrefs.isEmpty { return found }
      try await client.multiget(server.addressBookURL, hrefs: hrefs, version: version) { fetched in
        if case .card(let href, let etag, let text) = fetched, let card = VCardReader.read(text).first?.card {
          found[href] = (etag, card)
        }
      }
      return found
    }
  }

  /// Every card's fingerprint by UID: what the sides must agree with.
  func fingerprints() async throws -> [String: String] {
    var result: [String: String] = [:]
    for (_, entry) in try await cards() {
      result[entry.card.first("UID")?.text ?? ""] = CardFingerprint.of(entry.card)
    }
    return result
  }

  /// Writes `text` over the card with `uid` (or as a new card), as another client would.
  func put(uid: String, _ text: String) async throws {
    let existing = try await cards().first { $0.value.card.first("UID")?.text == uid }
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      let href = existing?.key ?? CardDAVClient.href(forUID: uid, in: server.addressBookURL)
      _ = try await client.put(
        href, in: server.addressBookURL, card: Array(text.utf8),
        condition: existing.map { .replace(etag: $0.value.etag) } ?? .create)
    }
  }

  /// Deletes the card with `uid`, as another client would.
  func delete(uid: String) async throws {
    guard let existing = try await cards().first(where: { $0.value.card.first("UID")?.text == uid }) else { return }
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      try await client.delete(existing.key, in: server.addressBookURL, etag: existing.value.etag)
    }
  }

  /// Deletes every card.
  func empty() async throws {
    let all = try await cards()
    try await CardDAVClient.withClient(credentials: server.credentials) { client in
      for (href, entry) in all { try await client.delete(href, in: server.addressBookURL, etag: entry.etag) }
    }
  }
}

/// A 3.0 card as another client writes it.
func card30(uid: String, name: String, email: String = "", phone: String = "", note: String? = nil) -> String {
  var lines = ["BEGIN:VCARD", "VERSION:3.0", "UID:\(uid)", "N:;\(name);;;", "FN:\(name)"]
  if !email.isEmpty { lines.append("EMAIL;TYPE=INTERNET:\(email)") }
  if !phone.isEmpty { lines.append("TEL:\(phone)") }
  if let note { lines.append("NOTE:\(note)") }
  lines += ["END:VCARD", ""]
  return lines.joined(separator: "\r\n")
}
