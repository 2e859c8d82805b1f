import Testing

@testable import Flow

private struct Groups: Equatable, Sendable {
  var names: [String] = []
}

private struct Screen: Equatable, Sendable {
  var title = "All"
  @Indirect var groups = Groups()

  /// Where the groups live: the same object for copies that share them.
  var groupsBox: ObjectIdentifier { ObjectIdentifier(_groups.box) }
}

/// The same state with the groups inline: what a dump of `Screen` must read like.
private struct InlineScreen: Equatable, Sendable {
  var title = "All"
  var groups = Groups()
}

private struct Parent: Equatable, Sendable {
  var child: Groups?
}

/// A parent whose child is out of line, as a signed-in state's features are.
private struct IndirectParent: Equatable, Sendable {
  @Indirect var child: Groups? = nil
  @Indirect var list = Groups()
}

private enum ChildAction: Equatable, Sendable { case add(String) }

private let toChild = ActionPath<ChildAction, ChildAction>(embed: { $0 }, extract: { $0 })

private let addName = Reducer<Groups, ChildAction> { groups, action in
  guard case .add(let name) = action else { return .none }
  groups.names.append(name)
  return .none
}

private func address(of names: [String]) -> UnsafeRawPointer? {
  names.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

struct IndirectTests {
  @Test func aCopyIsAValue() {
    var screen = Screen()
    screen.groups.names = ["Ada"]
    var copy = screen
    copy.groups.names.append("Grace")
    #expect(screen.groups.names == ["Ada"])
    #expect(copy.groups.names == ["Ada", "Grace"])
    #expect(screen != copy)
  }

  @Test func aCopySharesTheBoxUntilItIsWritten() {
    let screen = Screen()
    var copy = screen
    #expect(copy.groupsBox == screen.groupsBox)
    copy.title = "Work"
    #expect(copy.groupsBox == screen.groupsBox)
    copy.groups.names.append("Ada")
    #expect(copy.groupsBox != screen.groupsBox)
  }

  @Test func theOnlyHolderWritesInPlace() {
    var screen = Screen()
    let box = screen.groupsBox
    screen.groups.names.append("Ada")
    #expect(screen.groupsBox == box)
    #expect(screen.groups.names == ["Ada"])
  }

  @Test func equalityLooksInsideOnlyWhenTheBoxesDiffer() {
    var one = Screen()
    var other = Screen()
    one.groups.names = ["Ada"]
    other.groups.names = ["Ada"]
    #expect(one.groupsBox != other.groupsBox)
    #expect(one == other)
    other.groups.names = ["Grace"]
    #expect(one != other)
  }

  @Test func aStateDumpShowsTheValueUnderThePropertysName() {
    var screen = Screen()
    screen.groups.names = ["Ada", "Grace"]
    let inline = InlineScreen(title: "All", groups: Groups(names: ["Ada", "Grace"]))
    let dump = StateDump.describe(screen)
    #expect(dump.contains("groups: Groups"))
    #expect(!dump.contains("_groups"))
    #expect(!dump.contains("Indirect"))
    #expect(dump.split(separator: "\n").dropFirst() == StateDump.describe(inline).split(separator: "\n").dropFirst())
  }

  @Test func aPullbackOnAnOptionalPropertyChangesTheChildInPlace() {
    let reducer = addName.pullback(state: StatePath(\Parent.child), action: toChild)
    var parent = Parent(child: Groups())
    parent.child?.names.reserveCapacity(8)
    _ = reducer.reduce(into: &parent, action: .add("Ada"))
    let before = address(of: parent.child!.names)
    _ = reducer.reduce(into: &parent, action: .add("Grace"))
    // Taken out and put back, the names would have been copied before the append.
    #expect(address(of: parent.child!.names) == before)
    #expect(parent.child?.names == ["Ada", "Grace"])

    var absent = Parent()
    _ = reducer.reduce(into: &absent, action: .add("Ada"))
    #expect(absent.child == nil)
  }

  @Test func aPullbackThroughAClosureChangesAnIndirectChildInPlace() {
    let optional: Reducer<IndirectParent, ChildAction> = addName.pullback(
      state: StatePath { $1(&$0.child) }, action: toChild)
    let always: Reducer<IndirectParent, ChildAction> = addName.pullback(state: { $1(&$0.list) }, action: toChild)
    var parent = IndirectParent()
    parent.child = Groups()
    parent.child?.names.reserveCapacity(8)
    parent.list.names.reserveCapacity(8)
    _ = optional.reduce(into: &parent, action: .add("Ada"))
    _ = always.reduce(into: &parent, action: .add("Ada"))
    let (child, list) = (address(of: parent.child!.names), address(of: parent.list.names))
    _ = optional.reduce(into: &parent, action: .add("Grace"))
    _ = always.reduce(into: &parent, action: .add("Grace"))
    #expect(address(of: parent.child!.names) == child)
    #expect(address(of: parent.list.names) == list)
    #expect(parent.child?.names == ["Ada", "Grace"])
    #expect(parent.list.names == ["Ada", "Grace"])

    let path = StatePath<IndirectParent, Groups> { $1(&$0.child) }
    #expect(path.extract(parent) == Groups(names: ["Ada", "Grace"]))
    path.embed(&parent, Groups(names: ["Lin"]))
    #expect(parent.child?.names == ["Lin"])
    parent.child = nil
    _ = optional.reduce(into: &parent, action: .add("Ada"))
    #expect(parent.child == nil)
    #expect(path.extract(parent) == nil)
  }
}
