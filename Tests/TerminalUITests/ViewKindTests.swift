import Testing

@testable import TerminalUI

/// `View.ofSameKind(_:)`, how a view's redraw reads the view it replaces: the value itself when
/// the view is of the same kind, nil for any other, whatever its size or what it holds.
struct ViewKindTests {
  /// A view bigger than an existential's inline buffer, so it is kept boxed.
  struct Wide: View {
    var a = "first", b = "second", c = [1, 2, 3], d = 4.5
    func render(into frame: inout Frame, in region: Rect) {}
  }

  @Test func aViewOfTheSameKindIsItsValueAndAnyOtherNil() {
    let text: any View = Text("Ada Lovelace", style: Style.plain.bold)
    #expect(Text.ofSameKind(text)?.spans == [Span("Ada Lovelace", style: Style.plain.bold)])
    #expect(Wide.ofSameKind(text) == nil)
    let wide: any View = Wide(a: "x", b: "y", c: [7], d: 1)
    let unwrapped = Wide.ofSameKind(wide)
    #expect(unwrapped?.a == "x" && unwrapped?.b == "y" && unwrapped?.c == [7] && unwrapped?.d == 1)
    #expect(Text.ofSameKind(wide) == nil)
    #expect(Spacer.ofSameKind(Fill("x")) == nil)
  }
}
