import Foundation

/// Writes `contacts: LINE` to standard error: a warning that does not stop the command.
func warn(_ line: String) {
  FileHandle.standardError.write(Data("contacts: \(line)\n".utf8))
}
