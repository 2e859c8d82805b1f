public import ContactsModel

extension PartialDate {
  /// The English month names, fixed rather than the locale's, so that a screen reads the same on
  /// every machine (and its snapshots with it).
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// The date as the detail screen writes it: "15 April 1985", "15 April" without a year,
  /// "April 1985", "1985". A date is never shown as a year it does not have.
  public var reading: String {
    let monthName = month.map { Self.monthNames[$0 - 1] }
    return [day.map(String.init), monthName, year.map(String.init)].compactMap { $0 }.joined(separator: " ")
  }
}
