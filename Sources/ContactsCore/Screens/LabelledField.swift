import TerminalUI

/// A form's row: a label (ten cells wide unless told; bold while its field has the focus),
/// then the text field. The sign-in forms and sync's set-up form are made of these.
struct LabelledField: View {
  let label: String
  let input: TextInput
  var placeholder = ""
  var isMasked = false
  let isFocused: Bool
  var isDisabled = false
  var labelWidth = 10
  /// What a click on the field is (see `MouseTarget`).
  var clickTarget: MouseTarget?

  func render(into frame: inout Frame, in region: Rect) {
    let theme = frame.theme
    HStack(
      spacing: 1,
      [
        .fixed(labelWidth, Text(label, style: isFocused ? theme.title : .plain)),
        .fill(
          TextField(
            input, placeholder: placeholder, isMasked: isMasked, isFocused: isFocused, isDisabled: isDisabled,
            clickTarget: clickTarget)),
      ]
    )
    .render(into: &frame, in: region)
  }
}
