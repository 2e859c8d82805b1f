import Foundation
public import GRDB

/// The app's SQLite database: one file, WAL mode, migrated on open.
///
/// Opening never damages a file it cannot use: a missing directory is created (mode 0700), a new
/// database file is created with mode 0600, and a file that is locked, read-only, not a
/// database or corrupt is left exactly as it was, with an error that says so.
public final class ContactsDatabase: Sendable {
  public let writer: DatabasePool
  public let path: String

  /// Why the database could not be opened.
  public enum OpenError: Error, CustomStringConvertible, Equatable {
    case directoryUnavailable(String)
    case unreadable(String)
    case readOnly(String)
    case locked(String)
    case notADatabase(String)
    case corrupt(String, detail: String)
    /// The disk (or the user's quota) is full: the file is fine, there is no room to write.
    case diskFull(String)
    /// The disk failed to read or write (SQLITE_IOERR): a fault of the disk, not of the file.
    case diskError(String)

    public var description: String {
      switch self {
      case .directoryUnavailable(let path): "cannot create the directory for \(path)."
      case .unreadable(let path): "cannot read \(path): check its permissions."
      case .readOnly(let path): "\(path) is read-only; contacts needs to write to it."
      case .locked(let path): "\(path) is locked by another program; close it and try again."
      case .notADatabase(let path): "\(path) is not a contacts database (not an SQLite file). It was left untouched."
      case .corrupt(let path, let detail): "\(path) is damaged (\(detail)). It was left untouched."
      case .diskFull(let path):
        "the disk holding \(path) is full. Nothing was lost; free some space and start contacts again."
      case .diskError(let path):
        "the disk holding \(path) failed to read or write (an I/O error). The file was left untouched; "
          + "check the disk and start contacts again."
      }
    }
  }

  /// An upgrade about to run: how many contacts it goes through, and about how long it takes.
  public struct Upgrade: Equatable, Sendable {
    public var contacts: Int
    /// From measured rates (Benchmarks/README.md, "Upgrading older databases"): the search
    /// index rebuilds of v2–v4 about 2,000,000 contacts a minute, v5's UIDs about 8,000,000;
    /// v6 and later only change the schema.
    public var estimatedSeconds: Double
  }

  /// Opens (creating if needed) the database at `path`. `busyTimeout` is how long to wait for
  /// another program's lock before giving up. `willUpgrade` is called before a database from an
  /// older version is migrated: that can take minutes with millions of contacts, and people
  /// should be told before they wait; `upgradeProgress` as it goes.
  public static func open(
    at path: String, busyTimeout: TimeInterval = 2, willUpgrade: (Upgrade) -> Void = { _ in },
    upgradeProgress: @escaping @Sendable (_ fraction: Double) -> Void = { _ in }
  ) throws(OpenError) -> ContactsDatabase {
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw .directoryUnavailable(path)
      }
    }
    if !FileManager.default.fileExists(atPath: path) {
      // SQLite creates the -wal and -shm files with the main file's permissions.
      let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      guard descriptor >= 0 else { throw .directoryUnavailable(path) }
      close(descriptor)
    }
    guard access(path, R_OK) == 0 else { throw .unreadable(path) }
    guard access(path, W_OK) == 0 else { throw .readOnly(path) }

    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    configuration.foreignKeysEnabled = true
    do {
      let pool = try DatabasePool(path: path, configuration: configuration)
      let migrator = ContactsSchema.migrator(progress: upgradeProgress)
      let upgrade = try pool.read { db -> Upgrade? in
        let applied = try migrator.appliedIdentifiers(db)
        guard !applied.isEmpty, try !migrator.hasCompletedMigrations(db) else { return nil }
        let contacts = try Int.fetchOne(db, sql: "SELECT ifnull(sum(contactCount), 0) FROM account") ?? 0
        let pending = migrator.migrations.filter { !applied.contains($0) }
        let minutesPerMillion = pending.reduce(0.0) { total, name in
          total + ContactsSchema.minutesPerMillion(name)
        }
        // Steps that take no time (new tables) need no notice.
        guard minutesPerMillion > 0 else { return nil }
        return Upgrade(contacts: contacts, estimatedSeconds: Double(contacts) / 1_000_000 * minutesPerMillion * 60)
      }
      if let upgrade { willUpgrade(upgrade) }
      try migrator.migrate(pool)
      return ContactsDatabase(writer: pool, path: path)
    } catch let error as DatabaseError {
      throw classify(error, path: path)
    } catch {
      throw .corrupt(path, detail: "\(error)")
    }
  }

  private init(writer: DatabasePool, path: String) {
    self.writer = writer
    self.path = path
  }

  static func classify(_ error: DatabaseError, path: String) -> OpenError {
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: .locked(path)
    case .SQLITE_NOTADB: .notADatabase(path)
    case .SQLITE_READONLY: .readOnly(path)
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: .unreadable(path)
    case .SQLITE_FULL: .diskFull(path)
    case .SQLITE_IOERR: StorageError.isDiskFull(at: path) ? .diskFull(path) : .diskError(path)
    default: .corrupt(path, detail: error.message ?? "\(error.resultCode)")
    }
  }
}
