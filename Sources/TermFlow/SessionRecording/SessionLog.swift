import Foundation

/// A session log read back: its header and its entries, in order.
public struct SessionLog<Action: Codable & Sendable>: Sendable {
  public var header: SessionHeader
  public var entries: [SessionEntry<Action>]
  /// True when the last line was cut short (the process was killed while writing it); that
  /// line is left out.
  public var wasCutShort: Bool

  public enum ReadError: Error, CustomStringConvertible, Equatable {
    case cannotRead(path: String, reason: String)
    case notASessionLog(path: String)
    case unsupportedVersion(Int)
    case malformedLine(number: Int, reason: String)

    public var description: String {
      switch self {
      case .cannotRead(let path, let reason): "Cannot read \(path): \(reason)"
      case .notASessionLog(let path): "\(path) is not a session log (its first line is not a termflow-session header)"
      case .unsupportedVersion(let version):
        "The session log is version \(version); this build reads version \(SessionHeader.currentVersion)"
      case .malformedLine(let number, let reason): "Line \(number) of the session log is malformed: \(reason)"
      }
    }
  }

  /// Reads the log at `path`.
  public static func read(from path: String) throws(ReadError) -> SessionLog {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .cannotRead(path: path, reason: (error as NSError).localizedDescription)
    }
    return try parse(data, path: path)
  }

  /// Parses a log's bytes.
  public static func parse(_ data: Data, path: String = "the log") throws(ReadError) -> SessionLog {
    let decoder = JSONDecoder()
    var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
    let endsWithNewline = lines.last?.isEmpty == true
    if endsWithNewline { lines.removeLast() }
    guard let first = lines.first, let header = try? decoder.decode(SessionHeader.self, from: Data(first)),
      header.format == SessionHeader.format
    else { throw .notASessionLog(path: path) }
    guard header.version == SessionHeader.currentVersion else { throw .unsupportedVersion(header.version) }

    var entries: [SessionEntry<Action>] = []
    var wasCutShort = false
    for (offset, line) in lines.enumerated().dropFirst() {
      do {
        entries.append(try decoder.decode(SessionEntry<Action>.self, from: Data(line)))
      } catch {
        if offset == lines.count - 1, !endsWithNewline {
          wasCutShort = true
        } else {
          throw .malformedLine(number: offset + 1, reason: Self.reason(error))
        }
      }
    }
    return SessionLog(header: header, entries: entries, wasCutShort: wasCutShort)
  }

  private static func reason(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }
}
