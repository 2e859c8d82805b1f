import ContactsModel
import TestSupport
import Testing

/// Phones compared in E.164 by libphonenumber: which numbers are one, the region a national
/// number is read in, and the duplicate finder's index, which reads only numbers that may match.
@Suite("Phone numbers: E.164 by libphonenumber, the region, the finder's index")
struct PhoneNumberTests {
  static func groups(_ phones: [String], region: String?) -> [[Int64]] {
    var finder = DuplicateFinder(phoneRegion: region)
    for (index, phone) in phones.enumerated() {
      var contact = Contact(id: Int64(index + 1), name: "Person \(index + 1)")
      contact.phones = [ContactEntry(phone)]
      finder.add(contact)
    }
    return finder.groups().map(\.ids)
  }

  @Test func nationalAndInternationalFormsOfOneNumberMatchInItsRegion() {
    #expect(E164.number("+49 30 1234567", region: "DE") == "+49301234567")
    #expect(E164.number("030 1234567", region: "DE") == "+49301234567")
    #expect(E164.number("0049 30 1234567", region: "DE") == "+49301234567")
    #expect(E164.number("+1 (415) 555-0100", region: "US") == "+14155550100")
    #expect(E164.number("415.555.0100", region: "US") == "+14155550100")
    #expect(
      Self.groups(["+49 30 1234567", "030 1234567", "0049 30 1234567", "030 7654321"], region: "DE") == [[1, 2, 3]])
    #expect(Self.groups(["+1 (415) 555-0100", "415.555.0100"], region: "US") == [[1, 2]])
    // The region decides: in the US, 030 1234567 is no Berlin number, and 00 no international prefix.
    #expect(Self.groups(["+49 30 1234567", "030 1234567"], region: "US").isEmpty)
    #expect(Self.groups(["+49 30 1234567", "0049 30 1234567"], region: "US").isEmpty)
  }

  /// The last-nine-digits rule this replaces took these for one number.
  @Test func theSameLastNineDigitsInDifferentCountriesDoNotMatch() {
    #expect(MatchKey.phone("+1 202 555 0143", region: "DE") == "+12025550143")
    #expect(MatchKey.phone("+44 20 2555 0143", region: "DE") == "+442025550143")
    #expect(Self.groups(["+1 202 555 0143", "+44 20 2555 0143"], region: "DE").isEmpty)
    #expect(Self.groups(["+49 89 1234 5678", "+43 89 1234 5678"], region: nil).isEmpty)
  }

  /// What libphonenumber cannot read (a national number with no region, no number at all) is
  /// compared by its digits: written alike, it still matches.
  @Test func numbersThatCannotBeReadKeepTheirDigits() {
    #expect(E164.number("030 1234567", region: nil) == nil)
    #expect(MatchKey.phone("030 1234567", region: nil) == "0301234567")
    #expect(E164.number("12345678901234567890", region: "DE") == nil)  // too long to be a number
    #expect(MatchKey.phone("12345678901234567890", region: "DE") == "12345678901234567890")
    #expect(Self.groups(["030 1234567", "030/123 45 67", "+49 30 1234567"], region: nil) == [[1, 2]])
    #expect(Self.groups(["12345678901234567890", "1234567890 1234567890"], region: "DE") == [[1, 2]])
  }

  /// Numbers whose end libphonenumber may change are read at once: an extension, a trunk
  /// prefix in brackets, a national number shorter than seven digits.
  @Test func extensionsBracketedTrunkPrefixesAndShortNationalNumbersMatch() {
    #expect(Self.groups(["+49 30 1234567 ext. 12", "030 1234567"], region: "DE") == [[1, 2]])
    #expect(
      Self.groups(["0043 1 23456", "01 23456", "+43 (0)1 23456", "+43 1 23456"], region: "AT") == [[1, 2, 3, 4]])
  }

  /// The index reads a number only when another shares its last seven digits; its groups are
  /// those of comparing every pair's E.164, for numbers written every which way.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func theIndexFindsWhatComparingEveryPairFinds(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let subscribers = (0..<30).map { _ in String(1_000_000 + random.next(in: 0...8_999_999)) }
    let forms: [(String) -> String] = [
      { "+49 30 \($0)" }, { "030 \($0)" }, { "0049 30 \($0)" }, { "+49 (0)30 \($0)" }, { "030/\($0)" },
      { "+49 30 \($0) ext. 7" }, { "+49 89 \($0)" }, { "089 \($0)" }, { "+43 1 \($0.prefix(5))" },
      { "01 \($0.prefix(5))" }, { "+1 415 \($0)" }, { "\($0)" },
    ]
    let phones = (0..<200).map { _ in
      forms[random.next(in: 0...(forms.count - 1))](subscribers[random.next(in: 0...(subscribers.count - 1))])
    }
    for region in ["DE", "AT", nil] as [String?] {
      // Every pair compared: contacts with equal keys, joined transitively by their first.
      let keys = phones.map { MatchKey.phone($0, region: region) }
      var first: [String: Int] = [:]
      var groups: [Int: [Int64]] = [:]
      for (index, key) in keys.enumerated() {
        guard let key else { continue }
        let owner = first[key] ?? index
        first[key] = owner
        groups[owner, default: []].append(Int64(index + 1))
      }
      let expected = groups.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
      #expect(Self.groups(phones, region: region) == expected, "region \(region ?? "none")")
    }
  }

  @Test func theRegionComesFromTheConfigElseTheLocale() {
    #expect(PhoneRegion.known("de") == "DE")
    #expect(PhoneRegion.known("GB") == "GB")
    #expect(PhoneRegion.known("XX") == nil && PhoneRegion.known("EU") == nil && PhoneRegion.known("001") == nil)
    #expect(PhoneRegion.known("DEU") == nil && PhoneRegion.known("") == nil)
    #expect(PhoneRegion.ofLocale(["LANG": "de_DE.UTF-8"]) == "DE")
    #expect(PhoneRegion.ofLocale(["LANG": "sr_RS@latin"]) == "RS")
    #expect(PhoneRegion.ofLocale(["LANG": "en_GB"]) == "GB")
    #expect(
      PhoneRegion.ofLocale(["LC_ALL": "fr_FR.UTF-8", "LC_TELEPHONE": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]) == "FR")
    #expect(PhoneRegion.ofLocale(["LC_ALL": "", "LC_TELEPHONE": "de_AT.UTF-8", "LANG": "en_US.UTF-8"]) == "AT")
    #expect(PhoneRegion.ofLocale(["LANG": "C.UTF-8"]) == nil)
    #expect(PhoneRegion.ofLocale(["LANG": "POSIX"]) == nil)
    #expect(PhoneRegion.ofLocale(["LANG": "en"]) == nil)
    // A territory libphonenumber has no plan for is not checked as the app starts (that would
    // load its metadata): national numbers read with it are not read, as with no region.
    #expect(PhoneRegion.ofLocale(["LANG": "xx_XX.UTF-8"]) == "XX")
    #expect(PhoneRegion.ofLocale(["LANG": "de_DEU.UTF-8"]) == nil)
    #expect(E164.number("030 1234567", region: "XX") == nil)
    #expect(E164.number("030 1234567", region: nil) == nil)
    #expect(E164.number("+49 30 1234567", region: "XX") == "+49301234567")
    #expect(PhoneRegion.ofLocale([:]) == nil)
    #expect(PhoneRegion.resolved(configured: "CH", environment: ["LANG": "de_DE.UTF-8"]) == "CH")
    #expect(PhoneRegion.resolved(configured: nil, environment: ["LANG": "de_DE.UTF-8"]) == "DE")
    #expect(PhoneRegion.resolved(configured: nil, environment: ["LANG": "C"]) == nil)
  }
}
