import Foundation
import GRDB

/// Tells when another program (a second `contacts`, `contacts import`, `contacts seed`, later a
/// sync) has committed to the database, so that an open app can show what it wrote.
///
/// Event-driven, with nothing running while nobody writes: a thread waits in `poll` on an
/// inotify watch of the database's directory. A write to the database file, its `-wal` or its
/// `-journal` wakes it; it waits for the writes to pause (at most ``maximumSettle``, so a long
/// import is reported about twice a second rather than at every page it writes), then asks
/// SQLite's `PRAGMA data_version` on the app's own writing connection. That number changes only
/// when *another* connection has committed, so the app's own saves (and the checkpoints that
/// follow them) are never reported back to it: a reload never triggers a reload.
///
/// A check that found nothing is repeated once ``recheckDelay`` later, because the writer's
/// commit marks the change in the `-shm` index through shared memory, which inotify does not
/// see: the file event can come a moment before the commit is visible.
public final class DatabaseWatcher: Sendable {
  /// How long the files must stay quiet before the database is checked.
  public static let quietPeriod: Duration = .milliseconds(100)
  /// How long after the first event the database is checked even if writes go on.
  public static let maximumSettle: Duration = .milliseconds(500)
  /// When a check found no commit, how long to wait before the one check that follows it.
  public static let recheckDelay: Duration = .milliseconds(250)

  private let database: ContactsDatabase
  private let inotify: Int32
  private let stopPipe: (read: Int32, write: Int32)
  private let names: Set<String>
  private let changed: @Sendable () -> Void
  private let checked: @Sendable (Bool) -> Void

  /// A stream that yields once per batch of commits by other connections, from now until the
  /// consumer stops iterating (the watch ends with it). Unwatchable (no inotify, an unreadable
  /// directory), the stream ends at once: the app then works as before, without live updates.
  ///
  /// `checked` hears the outcome of every check (true: another connection committed); tests use
  /// it to see that the app's own writes are checked and ignored.
  public static func changes(
    of database: ContactsDatabase, checked: @escaping @Sendable (Bool) -> Void = { _ in }
  ) -> AsyncStream<Void> {
    AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      guard
        let watcher = DatabaseWatcher(
          database: database, changed: { continuation.yield() }, checked: checked)
      else {
        continuation.finish()
        return
      }
      continuation.onTermination = { _ in watcher.stop() }
      watcher.start()
    }
  }

  private init?(
    database: ContactsDatabase, changed: @escaping @Sendable () -> Void,
    checked: @escaping @Sendable (Bool) -> Void
  ) {
    let url = URL(fileURLWithPath: database.path)
    let directory = url.deletingLastPathComponent().path
    let file = url.lastPathComponent
    let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard inotify >= 0 else { return nil }
    let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_DELETE)
    var pipe: [Int32] = [-1, -1]
    guard inotify_add_watch(inotify, directory, mask) >= 0, Glibc.pipe(&pipe) == 0 else {
      close(inotify)
      return nil
    }
    for descriptor in pipe {
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
    }
    self.database = database
    self.inotify = inotify
    stopPipe = (pipe[0], pipe[1])
    names = [file, file + "-wal", file + "-journal"]
    self.changed = changed
    self.checked = checked
  }

  deinit {
    close(inotify)
    close(stopPipe.read)
    close(stopPipe.write)
  }

  private func start() {
    // The baseline is read before the thread starts: a commit after `changes(of:)` returned is
    // never taken for the state the watch began from.
    let baseline = dataVersion()
    let thread = Thread { [self] in watch(from: baseline) }
    thread.name = "contacts database watcher"
    thread.start()
  }

  /// Ends the watch: the thread wakes, returns, and the descriptors close with the last
  /// reference.
  private func stop() {
    var byte: UInt8 = 1
    _ = write(stopPipe.write, &byte, 1)
  }

  private enum Wake { case files, stop, timeout }

  private func watch(from baseline: Int?) {
    var version = baseline
    while true {
      switch wait(timeout: nil) {
      case .stop: return
      case .timeout: continue
      case .files: break
      }
      guard readEvents() else { continue }
      guard settle() else { return }
      guard !check(&version) else { continue }
      switch wait(timeout: Self.recheckDelay) {
      case .stop: return
      case .files: continue  // More writes: handled as a new batch.
      case .timeout: _ = check(&version)
      }
    }
  }

  /// Waits for the files to stay quiet for ``quietPeriod``, or ``maximumSettle`` in all; false
  /// when asked to stop meanwhile.
  private func settle() -> Bool {
    let deadline = ContinuousClock.now + Self.maximumSettle
    while ContinuousClock.now < deadline {
      switch wait(timeout: min(Self.quietPeriod, deadline - ContinuousClock.now)) {
      case .stop: return false
      case .timeout: return true
      case .files: _ = readEvents()
      }
    }
    return true
  }

  /// Asks SQLite whether another connection committed since `version`, and tells.
  private func check(_ version: inout Int?) -> Bool {
    let now = dataVersion()
    let found = now != nil && now != version
    version = now ?? version
    checked(found)
    if found { changed() }
    return found
  }

  /// `PRAGMA data_version` on the writing connection: the one that makes the app's own commits,
  /// so only other connections' commits change it.
  private func dataVersion() -> Int? {
    try? database.writer.writeWithoutTransaction { db in
      try Int.fetchOne(db, sql: "PRAGMA data_version")
    }
  }

  private func wait(timeout: Duration?) -> Wake {
    var descriptors = [
      pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
    ]
    let milliseconds = timeout.map {
      Int32($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000)
    }
    while true {
      let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds ?? -1)
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 || descriptors[1].revents != 0 { return .stop }
      return ready == 0 ? .timeout : .files
    }
  }

  /// Reads every pending event; true when one concerns the database's files (or some were
  /// lost to an overflow). `struct inotify_event` is `wd, mask, cookie, len`, then the name.
  private func readEvents() -> Bool {
    let headerSize = MemoryLayout<inotify_event>.size
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var relevant = false
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      guard count > 0 else { return relevant }
      var offset = 0
      buffer.withUnsafeBytes { bytes in
        while offset + headerSize <= count {
          let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          // Events were dropped (the queue overflowed): one of them may have been ours.
          if mask & UInt32(IN_Q_OVERFLOW) != 0 { relevant = true }
          let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let nameBytes = bytes[(offset + headerSize)..<min(count, offset + headerSize + nameLength)]
          let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          if names.contains(name) { relevant = true }
          offset += headerSize + nameLength
        }
      }
    }
  }
}
