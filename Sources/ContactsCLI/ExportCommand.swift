import ArgumentParser
import ContactsModel
import ContactsServices
import Crypto
import Foundation
import Glibc
import VCardFormat

/// `contacts export`: an account's contacts as vCards, to standard output, a file or a vdir.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export contacts as vCard 4.0 (RFC 6350) or 3.0 (RFC 2426).",
    discussion: """
      Every property a contact came with is written back, including those the app does not show. \
      Exporting twice gives the same bytes. --output and each file of --vdir are written \
      atomically: a reader never sees half a file.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case vcard4, vcard3

    var version: VCardVersion { self == .vcard4 ? .v40 : .v30 }
  }

  @OptionGroup var options: AccountOptions

  @Option(name: .long, help: "vcard4 (the default) or vcard3.")
  var format: Format = .vcard4

  @Option(name: .long, help: "Only the contacts the app's search finds for TEXT.")
  var query: String?

  @Option(name: .long, help: ArgumentHelp("Write one file (default: standard output).", valueName: "FILE"))
  var output: String?

  @Option(
    name: .long,
    help: ArgumentHelp("Write one UID.vcf per contact into DIR, as khard and vdirsyncer read.", valueName: "DIR"))
  var vdir: String?

  func validate() throws {
    if output != nil && vdir != nil { throw ValidationError("Choose --output or --vdir, not both.") }
  }

  func run() async throws {
    let (database, account) = try await options.open()
    let store = ContactStore(database: database)
    let writer = VCardWriter(version: format.version)
    var count = 0
    if let vdir {
      try VDirectory.prepare(vdir)
      try store.forEachContact(account: account.id, matching: query) { contact in
        let file = try AtomicFile(path: vdir + "/" + VDirectory.fileName(uid: contact.uid), mode: 0o600)
        try file.write(writer.bytes(contact.vCard))
        try file.commit()
        count += 1
      }
    } else if let output {
      let file = try AtomicFile(path: output, mode: 0o600)
      try export(store, account.id, writer) { try file.write($0) }
      try file.commit()
    } else {
      try export(store, account.id, writer) { bytes in
        do {
          try FileHandle.standardOutput.write(contentsOf: bytes)
        } catch {
          throw CommandFailure("could not write to standard output: \(error.localizedDescription).")
        }
      }
    }
    if vdir != nil {
      FileHandle.standardError.write(Data("Exported \(count) contacts of \(account.email) to \(vdir!).\n".utf8))
    }
  }

  /// Streams the cards to `write` in buffers of about 1 MB.
  private func export(
    _ store: ContactStore, _ account: Int64, _ writer: VCardWriter, _ write: ([UInt8]) throws -> Void
  ) throws {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20 + 65_536)
    try store.forEachContact(account: account, matching: query) { contact in
      writer.append(contact.vCard, to: &buffer)
      if buffer.count >= 1 << 20 {
        try write(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    if !buffer.isEmpty { try write(buffer) }
  }
}

/// A vdir: a directory of `.vcf` files, one card each, named by UID (vdirsyncer's storage).
enum VDirectory {
  /// Creates the directory (mode 0700) when it is not there.
  static func prepare(_ path: String) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw CommandFailure("\(path) is a file, not a directory.") }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw CommandFailure("cannot create the directory \(path).")
    }
  }

  /// `UID.vcf` when the UID is safe as a file name (letters, digits, `-_.@+`), else the hex of
  /// its SHA-256, as vdirsyncer does for UIDs it cannot use.
  static func fileName(uid: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.@+")
    if !uid.isEmpty, uid.count <= 200, !uid.hasPrefix("."), uid.allSatisfy(safe.contains) { return uid + ".vcf" }
    return SHA256.hash(data: Array(uid.utf8)).map { String(format: "%02x", $0) }.joined() + ".vcf"
  }
}
