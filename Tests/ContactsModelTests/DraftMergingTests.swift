import ContactsModel
import Testing

/// Keeping mine after someone else saved: my changes over theirs, field by field.
@Suite struct DraftMergingTests {
  @Test func myChangesGoOverTheirsAndTheirOtherChangesStay() {
    var base = ContactDraft(name: "Ada", email: "ada@example.com", phone: "+44 1")
    base.title = ""
    var mine = base
    mine.notes = "met at the Royal Society"
    mine.emails.append(ContactDraft.Entry("countess@example.com"))
    var theirs = base
    theirs.title = "Countess"
    theirs.phones = [ContactDraft.Entry("+44 2", origin: 0)]
    let merged = ContactDraft.merging(mine: mine, base: base, theirs: theirs)
    #expect(merged.notes == "met at the Royal Society" && merged.emails == mine.emails)
    #expect(merged.title == "Countess" && merged.phones == theirs.phones, "what only they changed stays")
  }

  @Test func aListBothChangedIsMineWithNewEntries() {
    let base = ContactDraft(name: "Ada", email: "ada@example.com")
    var mine = base
    mine.emails = [ContactDraft.Entry("mine@example.com", label: "work", origin: 0)]
    var theirs = base
    theirs.emails = [ContactDraft.Entry("theirs@example.com", origin: 0)]
    let merged = ContactDraft.merging(mine: mine, base: base, theirs: theirs)
    #expect(merged.emails == [ContactDraft.Entry("mine@example.com", label: "work")])
    #expect(ContactDraft.merging(mine: base, base: base, theirs: theirs) == theirs, "nothing of mine: theirs")
  }
}
