/// Dates as address-book CSV writes them, read into vCard 4.0's `YYYYMMDD` or `--MMDD`.
///
/// Google writes `1815-12-10` or `--12-10` (no year); Outlook writes the locale's short date
/// (`12/10/1815` in English, `10/12/1815` in French, `10.12.1815` in German), `0/0/00` for none,
/// and Outlook.com the year 1604 for a date without one (as Apple does).
enum CSVDate {
  /// The vCard value for `cell`; nil when the cell holds no date (empty, `0/0/00`) or one this
  /// cannot read (the caller keeps such a cell as text).
  static func vCardValue(_ cell: String, dayFirst: Bool) -> String? {
    let text = cell.trimmingSpaces
    let numbers = text.split { !$0.isNumber }.map { Int($0) ?? -1 }
    var year: Int?
    var month: Int
    var day: Int
    if text.hasPrefix("--"), numbers.count == 2 {
      (month, day) = (numbers[0], numbers[1])
    } else if numbers.count == 3, text.contains("-"), numbers[0] > 31 {
      (year, month, day) = (numbers[0], numbers[1], numbers[2])
    } else if numbers.count == 3, text.contains(".") || text.contains("/") {
      let isDayFirst = text.contains(".") || dayFirst || numbers[0] > 12
      (month, day) = isDayFirst ? (numbers[1], numbers[0]) : (numbers[0], numbers[1])
      year = numbers[2]
    } else if numbers.count == 1, text.count == 8 {
      (year, month, day) = (numbers[0] / 10_000, numbers[0] / 100 % 100, numbers[0] % 100)
    } else {
      return nil
    }
    if month == 0 || day == 0 { return nil }
    guard (1...12).contains(month), (1...31).contains(day) else { return nil }
    if let given = year, given < 100 { year = nil }
    if year == 1604 { year = nil }
    let monthDay = pad(month) + pad(day)
    return year.map { String(repeating: "0", count: max(0, 4 - String($0).count)) + String($0) + monthDay }
      ?? "--" + monthDay
  }

  /// Google's `YYYY-MM-DD` or `--MM-DD` for a vCard date (`YYYYMMDD`, `--MMDD`, `YYYY-MM-DD`).
  static func google(_ value: String) -> String? {
    guard let (year, month, day) = parts(value) else { return nil }
    return (year.map { String($0) } ?? "-") + "-" + pad(month) + "-" + pad(day)
  }

  /// Outlook's English short date, `M/D/YYYY`, with Outlook.com's 1604 for no year.
  static func outlook(_ value: String) -> String? {
    guard let (year, month, day) = parts(value) else { return nil }
    return "\(month)/\(day)/\(year ?? 1604)"
  }

  private static func parts(_ value: String) -> (Int?, Int, Int)? {
    let digits = value.filter(\.isNumber)
    let numbers = digits.compactMap(\.wholeNumberValue)
    func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + numbers[$1] } }
    if value.hasPrefix("--"), numbers.count == 4 { return (nil, number(0..<2), number(2..<4)) }
    if numbers.count >= 8 { return (number(0..<4), number(4..<6), number(6..<8)) }
    return nil
  }

  private static func pad(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
  }
}

extension CSVDate {
  /// Outlook's "no date": `0/0/00`, `1/0/00`, `00.00.0000`, and the like.
  static func isEmptyDate(_ cell: String) -> Bool {
    let numbers = cell.split { !$0.isNumber }.compactMap { Int($0) }
    return numbers.count == 3 && (numbers[0] == 0 || numbers[1] == 0)
  }
}
