/// A form's row: a label in a column of its own (`width` cells, then a space), in the title
/// style while what it labels has the focus, and what it labels in the rest of the row.
public struct Labelled: View {
  public var label: String
  public var width: Int
  public var isFocused: Bool
  public var content: any View

  public init(_ label: String, width: Int = 10, isFocused: Bool, _ content: any View) {
    self.label = label
    self.width = width
    self.isFocused = isFocused
    self.content = content
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let style = isFocused ? frame.theme.title : .plain
    HStack(spacing: 1, [.fixed(width, Text(label, style: style)), .fill(content)]).render(into: &frame, in: region)
  }
}

/// A form's text field with its label (see ``Labelled``): the sign-in form and a sync set-up
/// are made of these.
public struct LabelledField: View {
  public var label: String
  public var input: TextInput
  public var placeholder: String
  public var isMasked: Bool
  public var isFocused: Bool
  public var isDisabled: Bool
  public var labelWidth: Int
  /// What a click on the field is (see ``MouseTarget``).
  public var clickTarget: MouseTarget?

  public init(
    label: String, input: TextInput, placeholder: String = "", isMasked: Bool = false, isFocused: Bool,
    isDisabled: Bool = false, labelWidth: Int = 10, clickTarget: MouseTarget? = nil
  ) {
    self.label = label
    self.input = input
    self.placeholder = placeholder
    self.isMasked = isMasked
    self.isFocused = isFocused
    self.isDisabled = isDisabled
    self.labelWidth = labelWidth
    self.clickTarget = clickTarget
  }

  public func render(into frame: inout Frame, in region: Rect) {
    let field = TextField(
      input, placeholder: placeholder, isMasked: isMasked, isFocused: isFocused, isDisabled: isDisabled,
      clickTarget: clickTarget)
    Labelled(label, width: labelWidth, isFocused: isFocused, field).render(into: &frame, in: region)
  }
}
