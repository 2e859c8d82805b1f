/// A config file that is refused, with everything wrong in it: `FILE:LINE:COLUMN: what`, one
/// problem a line, as compilers write them (editors jump to them).
public struct ConfigError: Error, Equatable, CustomStringConvertible {
  public struct Problem: Equatable, Sendable {
    /// Where, 1-based; nil when the place cannot be told.
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(line: Int? = nil, column: Int? = nil, message: String) {
      self.line = line
      self.column = column
      self.message = message
    }
  }

  public var path: String
  public var problems: [Problem]

  public init(path: String, problems: [Problem]) {
    self.path = path
    self.problems = problems
  }

  public var description: String {
    problems.map { problem in
      let place = [problem.line, problem.column].compactMap { $0.map(String.init) }.joined(separator: ":")
      return path + (place.isEmpty ? "" : ":" + place) + ": " + problem.message
    }
    .joined(separator: "\n")
  }
}
