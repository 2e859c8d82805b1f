/// A live screen that stops selecting its view model while the screens above it cover it
/// wholly, and selects it afresh as it is uncovered.
///
/// A screen under the top of a stack presented as one pane (or between the root and the top of
/// a split) is not drawn: selecting its view model after every batch and comparing it with the
/// last (a list of a hundred thousand contacts under a form, at every key typed into the form)
/// is work nobody sees. The `StageDirector` tells each live screen whether it is covered when
/// the stage changes and when the terminal is resized across the split; a covered screen keeps
/// the view model it had (its title stays in the breadcrumb as it was), takes no part in the
/// store's notifications, and is selected from the state as it is then the moment it is shown
/// again, before any frame draws it.
@usableFromInline
@MainActor
protocol CoverableScreen: AnyObject {
  func setCovered(_ covered: Bool)
}
