import ContactsModel
import Foundation
import Testing

/// A contact's revision is written as RFC 6350's UTC timestamp, the same as a calendar gives.
@Suite struct RevisionTextTests {
  static func calendarText(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return String(
      format: "%04d%02d%02dT%02d%02d%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
      parts.minute ?? 0, parts.second ?? 0)
  }

  static func written(_ date: Date) -> String? {
    var contact = Contact(name: "Ada")
    contact.revision = date
    return contact.vCard.first("REV")?.text
  }

  @Test func revisionsAreWrittenAsTheCalendarHasThem() {
    var generator = SystemRandomNumberGenerator()
    // Leap days, the turn of centuries, before 1970, and a spread of random instants.
    let fixed: [TimeInterval] = [
      0, -1, 951_782_400, 951_868_799.5, 4_107_542_400, -2_208_988_800, 1_709_288_430, 253_402_300_799,
    ]
    let random = (0..<2_000).map { _ in
      TimeInterval(Int64.random(in: -2_000_000_000...8_000_000_000, using: &generator))
    }
    for seconds in fixed + random {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(Self.written(date) == Self.calendarText(date), "\(seconds)")
    }
  }
}
