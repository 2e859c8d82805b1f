import Foundation

/// A date that may lack its year (a birthday someone would rather not date), or its day.
public struct PartialDate: Hashable, Sendable, Codable, CustomStringConvertible {
  public var year: Int?
  public var month: Int?
  public var day: Int?

  public init?(year: Int? = nil, month: Int? = nil, day: Int? = nil) {
    guard year != nil || month != nil else { return nil }
    if let month, !(1...12).contains(month) { return nil }
    if let day, !(1...31).contains(day) { return nil }
    if day != nil && month == nil { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Reads what cards and people write: `1985-04-15`, `19850415`, `--0415`, `--04-15`,
  /// `1985-04`, `1985`, with an optional time after `T` (ignored); nil for anything else.
  public init?(parsing text: String) {
    var text = Substring(text.trimmingCharacters(in: .whitespaces))
    if let time = text.firstIndex(of: "T") { text = text[..<time] }
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return nil }
    let digits = text.filter(\.isNumber)
    func number(_ range: Range<Int>) -> Int? {
      let start = digits.index(digits.startIndex, offsetBy: range.lowerBound)
      let end = digits.index(digits.startIndex, offsetBy: range.upperBound)
      return Int(digits[start..<end])
    }
    if text.hasPrefix("--") {
      // --MMDD, --MM-DD, --MM, ---DD is not kept (no month).
      switch digits.count {
      case 4: self.init(month: number(0..<2), day: number(2..<4))
      case 2 where !text.hasPrefix("---"): self.init(month: number(0..<2))
      default: return nil
      }
      return
    }
    switch digits.count {
    case 8: self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
    case 6 where text.contains("-"): self.init(year: number(0..<4), month: number(4..<6))
    case 4 where !text.contains("-"): self.init(year: number(0..<4))
    default: return nil
    }
  }

  /// The form RFC 6350 writes: `1985-04-15` as `19850415`, no year as `--0415`.
  public var vCard4Text: String {
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    let yearText = year.map { String(repeating: "0", count: max(0, 4 - String($0).count)) + String($0) }
    switch (yearText, month, day) {
    case (let year?, let month?, let day?): return "\(year)\(two(month))\(two(day))"
    case (let year?, let month?, nil): return "\(year)-\(two(month))"
    case (let year?, nil, _): return year
    case (nil, let month?, let day?): return "--\(two(month))\(two(day))"
    case (nil, let month?, nil): return "--\(two(month))"
    case (nil, nil, _): return ""
    }
  }

  /// How people read and type it: `1985-04-15`, `--04-15` without a year.
  public var description: String {
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    let parts = [year.map { String($0) } ?? "-", month.map(two), day.map(two)].compactMap { $0 }
    return parts.joined(separator: "-")
  }
}
