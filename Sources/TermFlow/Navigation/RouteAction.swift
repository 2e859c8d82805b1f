public import Flow

/// Every way the route changes.
public enum RouteAction: Hashable, Sendable, Codable {
  /// Go exactly here (a deep link, the end of a flow).
  case set(Route)
  /// Go one or more levels deeper (`contacts` → `contacts/42`).
  case push([String])
  /// Go up one level; the root stays (popping it does nothing).
  case pop
  /// Go up to the first segment.
  case popToRoot
  /// Swap the last segment (`contacts/new` → `contacts/43` after a save).
  case replaceLast(String)
}

/// The pure route reducer. Misuse (popping the root, replacing nothing) is a no-op, never a
/// crash: keys arrive in any order.
public let routeReducer = Reducer<Route, RouteAction> { route, action in
  switch action {
  case .set(let destination):
    route = destination
  case .push(let segments):
    route.path.append(contentsOf: segments.filter { !$0.isEmpty })
  case .pop:
    guard route.path.count > 1 else { break }
    route.path.removeLast()
  case .popToRoot:
    guard route.path.count > 1 else { break }
    route.path = [route.path[0]]
  case .replaceLast(let segment):
    guard !route.path.isEmpty, !segment.isEmpty else { break }
    route.path[route.path.count - 1] = segment
  }
  return .none
}
