/// A canonical, line-per-value description of a state, for checking that two runs ended in
/// the same place (a replay and its recording).
///
/// Unlike `dump` it is the same in every process: set elements and dictionary entries are
/// sorted (their order follows the per-process hash seed). Values that hide their contents
/// from reflection, such as ``Secret``, appear as their description.
public enum StateDump {
  public static func describe(_ value: Any) -> String {
    var lines: [String] = []
    write(value, label: nil, indent: 0, into: &lines)
    return lines.joined(separator: "\n")
  }

  /// The first differing line of two descriptions, with its neighbours, for a message.
  public static func difference(_ expected: String, _ actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let index = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    let context = max(0, index - 2)
    let recorded = old[context..<min(old.count, index + 3)].joined(separator: "\n")
    let replayed = new[context..<min(new.count, index + 3)].joined(separator: "\n")
    return "First difference at line \(index + 1).\nRecorded:\n\(recorded)\nReplayed:\n\(replayed)"
  }

  private static func write(_ value: Any, label: String?, indent: Int, into lines: inout [String]) {
    // An `@Indirect` property: its value, under the property's name (a mirror calls it `_name`).
    if let indirect = value as? any IndirectValue {
      let name = label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
      write(indirect.indirectValue, label: name, indent: indent, into: &lines)
      return
    }
    let prefix = String(repeating: "  ", count: indent) + (label.map { "\($0): " } ?? "")
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first {
        write(wrapped.value, label: label, indent: indent, into: &lines)
      } else {
        lines.append(prefix + "nil")
      }
    case .set, .dictionary:
      var elements: [[String]] = []
      for child in mirror.children {
        var element: [String] = []
        write(child.value, label: nil, indent: indent + 1, into: &element)
        elements.append(element)
      }
      elements.sort { $0.joined(separator: "\n") < $1.joined(separator: "\n") }
      lines.append(prefix + "\(typeName(value)) (\(elements.count))")
      for element in elements { lines += element }
    case .collection, .tuple:
      lines.append(prefix + "\(typeName(value)) (\(mirror.children.count))")
      for child in mirror.children { write(child.value, label: child.label, indent: indent + 1, into: &lines) }
    case .struct, .class, .enum:
      if mirror.children.isEmpty {
        let shown = value as? any CustomStringConvertible
        lines.append(
          prefix + (mirror.displayStyle == .enum ? ".\(value)" : shown.map(\.description) ?? typeName(value)))
        return
      }
      if mirror.displayStyle == .enum, mirror.children.count == 1, let payload = mirror.children.first {
        lines.append(prefix + ".\(payload.label ?? "?")")
        write(payload.value, label: nil, indent: indent + 1, into: &lines)
        return
      }
      lines.append(prefix + typeName(value))
      for child in mirror.children { write(child.value, label: child.label, indent: indent + 1, into: &lines) }
    default:
      lines.append(prefix + String(reflecting: value))
    }
  }

  private static func typeName(_ value: Any) -> String {
    String(describing: type(of: value))
  }
}
