/// A frame as reviewable text: the character grid, a parallel style layer and the cursor.
///
/// This is the format of snapshot goldens and replay frames. Rows are framed by `│` so trailing
/// spaces stay visible; wide clusters take two columns in the grid, so the borders line up in any
/// UTF-8 editor. In the style layer each cell is a letter naming its style in the legend
/// (`·` is plain); both halves of a wide cluster carry its letter.
///
/// ```
/// size 12x2 cursor 3,1
/// │Sign in     │
/// │> ada@      │
/// styles
/// │AAAAAAA·····│
/// │··BBBB······│
/// legend
/// A bold
/// B underline fg=cyan
/// ```
public enum FrameText {
  private static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

  public static func render(_ frame: Frame) -> String {
    var output = "size \(frame.size)"
    output += frame.cursor.map { " cursor \($0.x),\($0.y)" } ?? " cursor hidden"
    output += "\n"
    for line in frame.lines { output += "│\(line)│\n" }

    var legend: [Style: Character] = [:]
    var order: [Style] = []
    output += "styles\n"
    for y in 0..<frame.size.height {
      var line = "│"
      for cell in frame.row(y) {
        if cell.style == .plain {
          line.append("·")
          continue
        }
        if legend[cell.style] == nil {
          legend[cell.style] = order.count < letters.count ? letters[order.count] : "?"
          order.append(cell.style)
        }
        line.append(legend[cell.style]!)
      }
      output += line + "│\n"
    }
    if !order.isEmpty {
      output += "legend\n"
      for style in order { output += "\(legend[style]!) \(style)\n" }
    }
    return output
  }
}
