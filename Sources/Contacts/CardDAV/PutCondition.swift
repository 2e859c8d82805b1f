/// What a PUT may overwrite, so two writers never silently undo each other (RFC 7232).
public enum PutCondition: Sendable, Hashable {
  /// Only create: `If-None-Match: *`. A card already at the href gives a 412.
  case create
  /// Only replace the version the caller has seen: `If-Match: etag`. Any other version gives a
  /// 412.
  case replace(etag: String)
}
