/// The duplicate finder's index of phone numbers, which compares them in E.164 (``MatchKey/phone(_:region:)``)
/// while asking libphonenumber about as few of them as it can.
///
/// Reading a number with libphonenumber costs tens of microseconds, so reading every number of
/// a million contacts would take longer than the whole search may. But two numbers are the same
/// in E.164 only if their last seven digits are: a country code, an international or a trunk
/// prefix (`+49`, `0049`, `0`) come before the national number and never change its end. So
/// numbers are indexed by their last seven digits, and libphonenumber reads only the numbers
/// that share them with another, once each. In a book of a million different numbers, about
/// one in ten shares its last seven digits by chance.
///
/// Where the end could change, a number is read at once and indexed by the end of its E.164
/// form: a text with anything but digits, spaces and `+-.()/` in it (an extension, letters for
/// digits, a `#`), a `(0)` (a trunk prefix written inside an international number), and a text of
/// eight digits or fewer (a national number shorter than seven digits, after its trunk prefix).
struct PhoneIndex {
  /// The country of numbers written without a country code (see ``PhoneRegion``).
  let region: String?
  /// For each end of seven digits, the first number with it; the others follow by `next`.
  private var firstWithTail: [UInt32: Int32] = [:]
  private var entries: [Entry] = []

  private struct Entry {
    var contact: Int32
    /// The next number with the same end, -1 for none.
    var next: Int32 = -1
    var text: String
    /// The number's key, once libphonenumber has read it (nil before).
    var key: String?
  }

  init(region: String?) {
    self.region = region
  }

  /// Adds `text`, a phone number of `contact`: the first contact added before with the same
  /// number, and the number's key, or nil when there is none (or the text is too short to say).
  mutating func add(_ text: String, of contact: Int32) -> (earlier: Int32, key: String)? {
    let scan = Scan(text)
    guard scan.digits >= MatchKey.phoneDigitsNeeded else { return nil }
    var key: String?
    var tail = scan.tail
    if scan.endMayChange {
      let read = read(text)
      key = read
      tail = Scan(read).tail
    }
    guard let first = firstWithTail[tail] else {
      firstWithTail[tail] = Int32(entries.count)
      entries.append(Entry(contact: contact, text: text, key: key))
      return nil
    }
    var index = Int(first)
    while true {
      let theirs: String
      if entries[index].text == text {
        // The same text is the same number: no need to read either.
        theirs = key ?? storedKey(of: index)
        key = theirs
      } else {
        if key == nil { key = read(text) }
        theirs = storedKey(of: index)
      }
      if theirs == key { return (entries[index].contact, theirs) }
      let next = entries[index].next
      if next < 0 { break }
      index = Int(next)
    }
    entries[index].next = Int32(entries.count)
    entries.append(Entry(contact: contact, text: text, key: key))
    return nil
  }

  private func read(_ text: String) -> String {
    MatchKey.phone(text, region: region) ?? text
  }

  private mutating func storedKey(of index: Int) -> String {
    if let key = entries[index].key { return key }
    let key = read(entries[index].text)
    entries[index].key = key
    return key
  }

  /// What one pass over a number's bytes tells: how many ASCII digits, the last seven as a
  /// number, and whether libphonenumber could give it another end.
  private struct Scan {
    var digits = 0
    var tail: UInt32 = 0
    var endMayChange = false

    init(_ text: String) {
      var previous: (UInt8, UInt8) = (0, 0)
      for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          digits += 1
          tail = (tail * 10 + UInt32(byte - UInt8(ascii: "0"))) % 10_000_000
        case UInt8(ascii: ")"):
          if previous == (UInt8(ascii: "("), UInt8(ascii: "0")) { endMayChange = true }
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
          UInt8(ascii: "("), UInt8(ascii: "/"):
          break
        default:
          endMayChange = true
        }
        previous = (previous.1, byte)
      }
      if digits <= 8 { endMayChange = true }
    }
  }
}
