import ArgumentParser
import ContactsModel
import ContactsServices
import Crypto
import Foundation
import Glibc
import VCardCSV
import VCardFormat

/// `contacts export`: an account's contacts as vCards (to standard output, a file or a vdir) or
/// as the CSV Google Contacts or Outlook imports.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export contacts as vCard 4.0 (RFC 6350) or 3.0 (RFC 2426), or as Google or Outlook CSV.",
    discussion: """
      As vCards, every property a contact came with is written back, including those the app does \
      not show. As CSV (csv-google, csv-outlook), the fields those services import, and the columns \
      a CSV import kept; photos and other vCard-only properties stay behind. Exporting twice gives \
      the same bytes. --output and each file of --vdir are written atomically: a reader never sees \
      half a file.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case vcard4, vcard3
    case csvGoogle = "csv-google"
    case csvOutlook = "csv-outlook"

    var version: VCardVersion { self == .vcard3 ? .v30 : .v40 }

    /// The CSV layout, for the CSV formats.
    var csvFlavour: CSVCardWriter.Flavour? {
      switch self {
      case .vcard4, .vcard3: nil
      case .csvGoogle: .google
      case .csvOutlook: .outlook
      }
    }
  }

  @OptionGroup var options: AccountOptions

  @Option(
    name: .long,
    help: "vcard4 (the default), vcard3, csv-google (Google Contacts' CSV) or csv-outlook (Outlook's CSV).")
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
    if vdir != nil && format.csvFlavour != nil {
      throw ValidationError("--vdir writes vCards; a CSV export goes to --output or standard output.")
    }
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

  /// Streams the cards to `write` in buffers of about 1 MB. CSV reads the contacts twice: once
  /// to count the columns the widest contact needs, once to write them.
  private func export(
    _ store: ContactStore, _ account: Int64, _ writer: VCardWriter, _ write: ([UInt8]) throws -> Void
  ) throws {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20 + 65_536)
    var csv: CSVCardWriter?
    if let flavour = format.csvFlavour {
      var layout = CSVCardWriter(flavour: flavour)
      try store.forEachContact(account: account, matching: query) { layout.measure($0.vCard) }
      buffer += layout.header
      csv = layout
    }
    var leftOut = 0
    try store.forEachContact(account: account, matching: query) { contact in
      if let csv {
        let card = contact.vCard
        do {
          buffer += try csv.row(card)
        } catch {
          throw CommandFailure("the contacts changed while they were exported; run the export again.")
        }
        leftOut += csv.entriesLeftOut(card)
      } else {
        writer.append(contact.vCard, to: &buffer)
      }
      if buffer.count >= 1 << 20 {
        try write(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
    if !buffer.isEmpty { try write(buffer) }
    if leftOut > 0 {
      warn(
        "\(leftOut) addresses or web pages did not fit Outlook's columns (three addresses, two web pages) "
          + "and were left out; --format csv-google or vcard4 keeps them.")
    }
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
