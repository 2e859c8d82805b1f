import Foundation

/// The import's progress: cards so far, the rate, and the time left when the file's size is
/// known, on a `ProgressLine` rewritten at most five times a second.
struct ImportProgress {
  private let line = ProgressLine()
  private var cards = 0
  private var bytesRead = 0
  private var fileSize: Int?
  private var bytesBeforeFile = 0
  private let started = Date()
  private var lastShown = Date.distantPast

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
    guard line.isTerminal else { return }
    let now = Date()
    guard now.timeIntervalSince(lastShown) >= 0.2 else { return }
    lastShown = now
    let seconds = max(now.timeIntervalSince(started), 0.001)
    let rate = Int(Double(cards) / seconds)
    var text = "\(cards.formatted()) cards, \(rate.formatted())/s"
    if let fileSize, fileSize > 0 {
      let done = Double(bytesRead - bytesBeforeFile) / Double(fileSize)
      if done > 0.01 && done < 1 {
        let left = Int(seconds * (1 - done) / done)
        text += ", about \(left < 60 ? "\(left) s" : "\(left / 60) min") left"
      }
    }
    line.show(text)
  }

  /// Clears the line before anything else is written.
  func clearLine() {
    line.clear()
  }
}
