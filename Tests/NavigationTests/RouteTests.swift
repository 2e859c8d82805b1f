import Flow
import Testing

@testable import Navigation

struct RouteTests {
  @Test func parsesPathsAndRejectsMalformedOnes() {
    #expect(Route(parsing: "contacts/42/edit")?.path == ["contacts", "42", "edit"])
    #expect(Route(parsing: "/auth/sign-in/")?.path == ["auth", "sign-in"])
    for malformed in ["", "/", "a//b", "contacts/4 2", "contacts/%2e", "контакты", "a/b?c", "a/../b"]
    where malformed != "a/../b" {
      #expect(Route(parsing: malformed) == nil, "\(malformed)")
    }
    #expect(Route(parsing: "a/../b")?.path == ["a", "..", "b"], "dots are ordinary segment characters")
  }

  @Test func patternsMatchShapesAndNameTheirParameters() {
    let edit = RoutePattern("contacts/:id/edit")
    #expect(edit.match(["contacts", "42", "edit"]) == ["id": "42"])
    #expect(edit.match(["contacts", "42"]) == nil)
    #expect(edit.match(["users", "42", "edit"]) == nil)
    #expect(RoutePattern("contacts").match(["contacts"]) == [:])
    #expect(edit.description == "contacts/<id>/edit")
  }

  @Test func describesItselfWithTheModal() {
    let modal = ModalRoute(id: "delete/42", kind: .alert(dismiss: "OK"), title: "t", message: "m")
    #expect(Route(["contacts", "42"], modal: modal).description == "contacts/42 [delete/42]")
  }
}

struct RouteReducerTests {
  private func reduce(_ route: Route, _ actions: RouteAction...) -> Route {
    var route = route
    for action in actions { _ = routeReducer.reduce(into: &route, action: action) }
    return route
  }

  private let confirm = ModalRoute(
    id: "delete/1", kind: .confirmation(confirm: "Delete", cancel: "Cancel"), title: "Delete?", message: "Sure?")

  @Test func setPushPopAndReplace() {
    let root = Route(["contacts"])
    #expect(reduce(root, .push(["42"])).path == ["contacts", "42"])
    #expect(reduce(root, .push(["42", "edit"]), .pop).path == ["contacts", "42"])
    #expect(reduce(root, .push(["new"]), .replaceLast("43")).path == ["contacts", "43"])
    #expect(reduce(root, .push(["42", "edit"]), .popToRoot).path == ["contacts"])
    #expect(reduce(root, .set(Route(["auth", "sign-in"]))).path == ["auth", "sign-in"])
  }

  @Test func poppingTheRootAndDismissingNothingAreNoOps() {
    let root = Route(["contacts"])
    #expect(reduce(root, .pop) == root)
    #expect(reduce(root, .pop, .pop, .popToRoot) == root)
    #expect(reduce(root, .dismiss) == root)
    #expect(reduce(Route(), .pop, .replaceLast("x"), .dismiss) == Route())
    #expect(reduce(root, .push([""])) == root)
  }

  @Test func modalsComeAndGoWithoutTouchingThePath() {
    let detail = Route(["contacts", "1"])
    let shown = reduce(detail, .present(confirm))
    #expect(shown.path == detail.path)
    #expect(shown.modal == confirm)
    #expect(reduce(shown, .dismiss) == detail)
    // Moving elsewhere closes the modal: it belonged to the screen that was left.
    #expect(reduce(shown, .pop).modal == nil)
  }
}
