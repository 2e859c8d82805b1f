import ArgumentParser
import ContactsServices
import Foundation
import Glibc
import VCardCSV
import VCardFormat

/// `contacts import FILE...`: vCards (2.1, 3.0, 4.0), CSV (Google's, Outlook's, any with a header
/// row) and abook's data file into an account.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import vCard files (2.1, 3.0, 4.0), CSV files (Google, Outlook, any with a header row) or abook's file.",
    discussion: """
      The format is told by the content, whatever the file is called. CSV columns are mapped by \
      their header names (Google's two generations, Outlook's in English, French and German); other \
      columns are kept on the contact and listed. Importing the same file again adds nothing: a card \
      whose UID is known updates that contact, and a card or row without a UID is recognised by its \
      content. A card of a contact merged into another since (an old export) goes into the one \
      that was kept, adding only what it lacks, rather than bringing the duplicate back. A card or \
      row that cannot be read is reported with its file, line and reason, and the rest are imported. \
      The exit status is 1 when any card, row or file was skipped.
      """)

  @OptionGroup var options: AccountOptions

  @Argument(
    help: ArgumentHelp(
      "vCard, CSV or abook files; a directory for its .vcf files (a vdir); - reads standard input.",
      valueName: "FILE"))
  var files: [String]

  /// Cards stored per transaction: each batch is all in or not at all.
  static let batchSize = 1000
  /// Bytes read at a time: the reader holds a card at most, never a whole file.
  static let chunkSize = 1 << 20

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("Name at least one FILE (or - for standard input).") }
  }

  func run() async throws {
    let (database, account) = try await options.open()
    let store = ContactStore(database: database, phoneRegion: try options.phoneRegion())
    var progress = ImportProgress()
    var tally = ImportTally()
    // Where merged contacts went, read once: an old export's card of one goes into its survivor.
    var merged = try store.mergedUIDs(account: account.id)
    var skipped = 0
    var unreadableFiles = 0
    var keptColumns: [(file: String, headers: [String])] = []
    for file in Self.expandingDirectories(files) {
      let name = file == "-" ? "standard input" : file
      guard let input = InputFile(path: file) else {
        warn("cannot read \(name): \(String(cString: strerror(errno))).")
        unreadableFiles += 1
        continue
      }
      progress.startFile(size: input.size)
      var pending: [VCard] = []
      // A CSV row holds part of a contact: it adds to the contact with its UID, never replaces it.
      var isCSV = false
      func refuse(line: Int, _ reason: String) {
        skipped += 1
        progress.clearLine()
        warn("\(name):\(line): \(reason)")
      }
      func take(_ results: [VCardReadResult]) async throws {
        for result in results {
          switch result.result {
          case .success(let card): pending.append(card)
          case .failure(let error): refuse(line: error.line ?? error.startLine, "\(error)")
          }
        }
        while pending.count >= Self.batchSize {
          let batch = Array(pending.prefix(Self.batchSize))
          for card in batch { merged.note(card) }
          tally = tally + (try await save(batch, store, account.id, merged, tally, database.path, partial: isCSV))
          progress.add(cards: batch.count)
          pending.removeFirst(batch.count)
        }
      }
      var first = input.read(Self.chunkSize)
      if AbookFile.isAbookFile(first) {
        var whole = first
        while case let chunk = input.read(Self.chunkSize), !chunk.isEmpty { whole += chunk }
        progress.read(bytes: whole.count)
        try await take(AbookFile.read(whole))
      } else if CSVText.looksLikeCSV(first) {
        var whole = first
        while case let chunk = input.read(Self.chunkSize), !chunk.isEmpty { whole += chunk }
        progress.read(bytes: whole.count)
        switch Result(catching: { () throws(CSVRowError) in try CSVCardReader(CSVText(decoding: whole)) }) {
        case .failure(let error):
          unreadableFiles += 1
          progress.clearLine()
          warn("\(name):\(error.line): \(error.reason)")
        case .success(var reader):
          whole = []
          isCSV = true
          while let row = reader.next() {
            switch row.result {
            case .success(let card): try await take([VCardReadResult(startLine: row.line, result: .success(card))])
            case .failure(let error): refuse(line: error.line, error.reason)
            }
          }
          if !reader.keptHeaders.isEmpty { keptColumns.append((name, reader.keptHeaders)) }
        }
      } else {
        var reader = VCardReader()
        while !first.isEmpty {
          progress.read(bytes: first.count)
          try await take(reader.feed(first))
          first = input.read(Self.chunkSize)
        }
        try await take(reader.finish())
      }
      if let problem = input.problem {
        unreadableFiles += 1
        progress.clearLine()
        warn("reading \(name) stopped: \(problem). The cards before that point were imported.")
      }
      if !pending.isEmpty {
        for card in pending { merged.note(card) }
        tally = tally + (try await save(pending, store, account.id, merged, tally, database.path, partial: isCSV))
        progress.add(cards: pending.count)
      }
    }
    progress.clearLine()
    for (file, headers) in keptColumns {
      print("\(file): columns kept as they are (export gives them back): \(headers.joined(separator: ", ")).")
    }
    let intoSurvivors =
      tally.intoSurvivors == 0
      ? "" : "\(tally.intoSurvivors) into the contacts they had been merged into (nothing came back twice), "
    print(
      "Imported into \(account.email): \(tally.added) added, \(tally.updated) updated, \(tally.unchanged) unchanged, "
        + "\(intoSurvivors)\(skipped) skipped.")
    if skipped > 0 || unreadableFiles > 0 { throw ExitCode(1) }
  }

  /// The files to read: a directory (a vdir, as khard and vdirsyncer keep) stands for its
  /// `.vcf` and `.vcard` files, in name order.
  static func expandingDirectories(_ paths: [String]) -> [String] {
    paths.flatMap { path -> [String] in
      var isDirectory: ObjCBool = false
      guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue, let names = try? FileManager.default.contentsOfDirectory(atPath: path)
      else { return [path] }
      return names.filter { $0.lowercased().hasSuffix(".vcf") || $0.lowercased().hasSuffix(".vcard") }.sorted()
        .map { (path as NSString).appendingPathComponent($0) }
    }
  }

  /// One batch, in one transaction; a database that cannot take it ends the import with what
  /// was stored before it said.
  private func save(
    _ cards: [VCard], _ store: ContactStore, _ account: Int64, _ merged: MergedUIDs, _ before: ImportTally,
    _ path: String, partial: Bool
  ) async throws -> ImportTally {
    do {
      return try await store.importCards(cards, account: account, merged: merged, partial: partial)
    } catch {
      guard let storage = StorageError(error, databasePath: path) else { throw error }
      let stored = before.total
      let what = stored == 0 ? "Nothing was imported" : "The \(stored) cards before them were imported"
      let reason =
        switch storage {
        case .diskFull: "the disk holding \(path) is full; free some space"
        case .diskError: "the disk failed to write \(path) (an I/O error); check it"
        case .readOnly: "\(path) is read-only"
        case .busy: "\(path) is locked by another program; close it"
        }
      throw CommandFailure(
        "could not store the next \(cards.count) cards: \(reason). \(what); nothing else changed. "
          + "Run the import again: cards already imported are recognised and left as they are.")
    }
  }
}

/// A file (or standard input) read in chunks, remembering why reading stopped early.
private final class InputFile {
  private let handle: UnsafeMutablePointer<FILE>
  /// The file's size when it is a regular file (for the time left), else nil.
  let size: Int?
  private(set) var problem: String?

  init?(path: String) {
    if path == "-" {
      guard let input = fdopen(dup(STDIN_FILENO), "rb") else { return nil }
      handle = input
    } else {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      if (status.st_mode & S_IFMT) == S_IFDIR {
        errno = EISDIR
        return nil
      }
      guard let file = fopen(path, "rb") else { return nil }
      handle = file
    }
    var status = stat()
    size = fstat(fileno(handle), &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
  }

  /// Up to `count` bytes; empty at the end or on an error (then `problem` says which).
  func read(_ count: Int) -> [UInt8] {
    guard problem == nil else { return [] }
    var buffer = [UInt8](repeating: 0, count: count)
    let read = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, handle) }
    if read < count && ferror(handle) != 0 { problem = String(cString: strerror(errno)) }
    buffer.removeSubrange(read...)
    return buffer
  }

  deinit {
    fclose(handle)
  }
}
