/// A part of a state kept out of line: the state holds a reference, the part lives in a box
/// that is copied only when it is written while shared (copy on write, as `Array` does).
///
/// Why: a state is read and copied at every action. Screens' selectors read it, the reducer
/// takes parts of it out and puts them back, conditions of key bindings look at it. Each copy of
/// a struct copies its stored properties inline, so a state that holds large feature states
/// (a form with the contact it started from, a screen's groups and pairs) costs a copy of all of
/// them at every read, and a release of all of them after. Marking the large, rarely written
/// parts `@Indirect` makes a copy of the parent cost one reference, and comparing two copies
/// that share a box costs one pointer comparison:
///
/// ```swift
/// struct SignedIn: Equatable {
///   var list = ListState()                     // written at every key: inline
///   @Indirect var duplicates = DuplicatesState()   // large, seldom written: out of line
/// }
/// ```
///
/// Reading `duplicates` reads through the reference; writing it writes in place when this
/// state is the box's only holder, and into a fresh copy otherwise, so values keep their value
/// semantics. A state dump (``StateDump``) and the test store's diffs show the wrapped value
/// under the property's own name.
@propertyWrapper
public struct Indirect<Value> {
  @usableFromInline var box: Box

  @inlinable
  public init(wrappedValue: Value) {
    box = Box(wrappedValue)
  }

  @inlinable
  public var wrappedValue: Value {
    // Read in place: a getter would copy the whole value to read one property of it.
    _read { yield box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  /// The value's storage: a class, so that a copy of the state shares it. Its value is not
  /// checked for overlapping accesses at run time (each access to a class's property is, by
  /// default, at some 40 instructions): it is reached only through `Indirect`, a struct whose
  /// accesses the compiler checks, and written only while this box has no other holder.
  @usableFromInline
  final class Box {
    @exclusivity(unchecked) @usableFromInline var value: Value

    @inlinable init(_ value: Value) { self.value = value }
  }
}

// The box is written only while uniquely referenced (see `wrappedValue`), so a copy handed to
// another thread is never written under it: the same reasoning as the standard collections'.
extension Indirect.Box: @unchecked Sendable where Value: Sendable {}
extension Indirect: Sendable where Value: Sendable {}

extension Indirect: Equatable where Value: Equatable {
  /// Two copies that share a box are equal without looking inside: the comparison a screen's
  /// subscription makes at every action when nothing in this part changed.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.box.value == rhs.box.value
  }
}

extension Indirect: Hashable where Value: Hashable {
  @inlinable
  public func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
}

extension Indirect: Codable where Value: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }

  public func encode(to encoder: any Encoder) throws {
    try box.value.encode(to: encoder)
  }
}

extension Indirect: CustomReflectable {
  /// The wrapped value's own mirror, so that dumps show the value, not the box.
  public var customMirror: Mirror { Mirror(reflecting: box.value) }
}

/// What ``StateDump`` asks of an ``Indirect`` it meets: the value inside.
protocol IndirectValue {
  var indirectValue: Any { get }
}

extension Indirect: IndirectValue {
  var indirectValue: Any { box.value }
}
