import Foundation

/// One address book collection on the server and what it says about itself (RFC 6352 §6.2).
public struct AddressBookInfo: Sendable, Hashable {
  /// The collection's absolute URL, always with a trailing slash.
  public var url: URL
  public var displayName: String?
  public var description: String?
  /// vCard versions from `CARDDAV:supported-address-data`, as the server lists them. Empty when
  /// the server does not advertise any, which per RFC 6352 §6.2.2 means vCard 3.0 only.
  public var supportedVersions: [String]
  /// Whether `DAV:supported-report-set` lists `sync-collection` (RFC 6578): without it the sync
  /// engine lists ETags instead.
  public var supportsSyncCollection: Bool
  /// `CARDDAV:max-resource-size` in octets, when the server says.
  public var maxResourceSize: Int?

  public init(
    url: URL, displayName: String? = nil, description: String? = nil, supportedVersions: [String] = [],
    supportsSyncCollection: Bool = false, maxResourceSize: Int? = nil
  ) {
    self.url = url
    self.displayName = displayName
    self.description = description
    self.supportedVersions = supportedVersions
    self.supportsSyncCollection = supportsSyncCollection
    self.maxResourceSize = maxResourceSize
  }

  /// The vCard versions a card may be uploaded in: the advertised ones, or "3.0" when none is
  /// advertised (RFC 6352 §6.2.2).
  public var acceptedVersions: [String] { supportedVersions.isEmpty ? ["3.0"] : supportedVersions }
}
