import Logging

/// The running `.run` effects of one store, indexed for cancellation.
@MainActor
@usableFromInline
final class EffectRunner {
  private struct Running {
    let task: Task<Void, Never>
    let ids: [EffectID]
    /// Waits on the outside world (``Effect/background()``): not counted as work.
    let isBackground: Bool
    var isCancelled = false
  }

  private var running: [Int: Running] = [:]
  private var byID: [EffectID: Set<Int>] = [:]
  private var nextToken = 0
  /// Called whenever an effect's task has ended, cancelled or not.
  var onFinish: (() -> Void)?

  /// Effects started and not yet finished, excluding cancelled ones still winding down and
  /// background ones.
  var activeCount: Int { running.values.count { !$0.isCancelled && !$0.isBackground } }
  /// Background effects started and neither finished nor cancelled.
  var backgroundCount: Int { running.values.count { !$0.isCancelled && $0.isBackground } }
  /// Effects whose tasks have not ended, cancelled or not, background ones excluded.
  var runningCount: Int { running.values.count { !$0.isBackground } }

  @usableFromInline
  func start<Action: Sendable>(
    priority: TaskPriority?,
    ids: [EffectID],
    isBackground: Bool,
    operation: @escaping Effect<Action>.Operation,
    onError: Effect<Action>.ErrorHandler?,
    send: Send<Action>,
    logger: Logger
  ) {
    let token = nextToken
    nextToken += 1
    let task = Task(priority: priority) { [weak self] in
      do {
        try await operation(send)
      } catch is CancellationError {
      } catch {
        if let onError {
          await onError(error, send)
        } else if !Task.isCancelled {
          logger.error("unhandled error in effect: \(String(reflecting: error))")
        }
      }
      self?.finish(token)
    }
    running[token] = Running(task: task, ids: ids, isBackground: isBackground)
    for id in ids { byID[id, default: []].insert(token) }
  }

  @usableFromInline
  func cancel(id: EffectID) {
    guard let tokens = byID.removeValue(forKey: id) else { return }
    for token in tokens {
      running[token]?.task.cancel()
      running[token]?.isCancelled = true
    }
  }

  func cancelAll() {
    for token in running.keys {
      running[token]?.task.cancel()
      running[token]?.isCancelled = true
    }
    byID.removeAll()
  }

  /// Waits until the effects running now have ended (not the ones they start meanwhile, so
  /// a caller can bound a chain of effects).
  func waitForRunning() async {
    for task in running.values.filter({ !$0.isBackground }).map(\.task) {
      await task.value
    }
  }

  private func finish(_ token: Int) {
    guard let entry = running.removeValue(forKey: token) else { return }
    for id in entry.ids {
      byID[id]?.remove(token)
      if byID[id]?.isEmpty == true { byID[id] = nil }
    }
    onFinish?()
  }
}
