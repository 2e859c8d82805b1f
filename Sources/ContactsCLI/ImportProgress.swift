import Foundation

/// The import's progress line on a terminal: cards so far, the rate, and the time left when the
/// file's size is known. Rewrites itself at most five times a second; nothing when not a terminal.
struct ImportProgress {
  let isTerminal: Bool
  private var cards = 0
  private var bytesRead = 0
  private var fileSize: Int?
  private var bytesBeforeFile = 0
  private let started = Date()
  private var lastShown = Date.distantPast
  private var isShowing = false

  init(isTerminal: Bool) {
    self.isTerminal = isTerminal
  }

  mutating func startFile(size: Int?) {
    bytesBeforeFile = bytesRead
    fileSize = size
  }

  mutating func read(bytes: Int) {
    bytesRead += bytes
  }

  mutating func add(cards count: Int) {
    cards += count
    show()
  }

  private mutating func show() {
    guard isTerminal else { return }
    let now = Date()
    guard now.timeIntervalSince(lastShown) >= 0.2 else { return }
    lastShown = now
    let seconds = max(now.timeIntervalSince(started), 0.001)
    let rate = Int(Double(cards) / seconds)
    var line = "  \(cards.formatted()) cards, \(rate.formatted())/s"
    if let fileSize, fileSize > 0 {
      let done = Double(bytesRead - bytesBeforeFile) / Double(fileSize)
      if done > 0.01 && done < 1 {
        let left = Int(seconds * (1 - done) / done)
        line += ", about \(left < 60 ? "\(left) s" : "\(left / 60) min") left"
      }
    }
    FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
    isShowing = true
  }

  /// Clears the line before anything else is written.
  mutating func clearLine() {
    guard isShowing else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    isShowing = false
  }
}
