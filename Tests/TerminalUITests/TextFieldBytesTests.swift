import TestSupport
import Testing

@testable import TerminalUI

/// A text field draws printable ASCII from its bytes, reading only what is visible; these check
/// that it draws exactly the cells the general way (by characters) draws.
@Suite struct TextFieldBytesTests {
  @Test func asciiTextIsDrawnAsTheGeneralWayDrawsIt() {
    var random = SplitMix64(seed: 21)
    for _ in 0..<2_000 {
      let length = Int.random(in: 1...90, using: &random)
      let text = String(
        (0..<length).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))) })
      var input = TextInput(text)
      for _ in 0..<Int.random(in: 0...length, using: &random) { input.handle(.left) }
      let field = TextField(
        input, isMasked: Bool.random(using: &random), isFocused: Bool.random(using: &random),
        isDisabled: Bool.random(using: &random))
      let width = Int.random(in: 1...30, using: &random)
      let region = Rect(x: Int.random(in: -3...3, using: &random), y: 0, width: width, height: 1)
      var fromBytes = Frame(size: Size(width: 24, height: 1))
      var byCharacters = fromBytes
      field.render(into: &fromBytes, in: region)
      field.render(into: &byCharacters, in: region, readingBytes: false)
      #expect(fromBytes == byCharacters, "\(text.debugDescription), cursor \(input.cursor), region \(region)")
    }
  }

  @Test func textThatIsNotPrintableASCIIIsDrawnByCharacters() {
    // A wide character and a line break: the byte way would give each byte a column.
    var frame = Frame(size: Size(width: 12, height: 1))
    TextField(TextInput("名a\nb")).render(into: &frame, in: frame.bounds)
    #expect(frame.lines == ["名a↵b" + String(repeating: " ", count: 7)])
  }
}
