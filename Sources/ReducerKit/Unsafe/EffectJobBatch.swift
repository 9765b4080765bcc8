import ReducerKitThreadLocal

/// The jobs of effects' tasks a `send` enqueued, held until it returns (see
/// ``EffectTaskExecutor``).
///
/// The batch is published, unretained, in a thread-local slot, where the executor finds it: the
/// store that opened it holds it, and closes it (clearing the slot) before its `send` returns.
/// See the Unsafe folder's README, "Held effect jobs".
///
/// NB: unchecked Sendable: a batch is touched only on the thread that published it in the
/// thread-local slot (a store's, on the main actor), while it is published there, and by the
/// store that published it; no lock is needed.
@usableFromInline
final class EffectJobBatch: @unchecked Sendable {
  /// NB: unchecked exclusivity: used only on the thread the batch is open on, and the
  /// runtime's check cost each held job ~70 instructions.
  @exclusivity(unchecked) private var jobs: [UnownedJob] = []

  init() {}

  /// The batch open on this thread, if any.
  static var current: EffectJobBatch? {
    guard let raw = reducerkit_thread_local_get(ThreadLocalSlot.effectJobBatch.rawValue) else {
      return nil
    }
    return Unmanaged<EffectJobBatch>.fromOpaque(raw).takeUnretainedValue()
  }

  /// Opens this batch on this thread, unless one is open already (a store sending inside
  /// another's `send`: its jobs join the outer batch); returns whether it opened.
  func open() -> Bool {
    let slot = ThreadLocalSlot.effectJobBatch.rawValue
    guard reducerkit_thread_local_get(slot) == nil else { return false }
    reducerkit_thread_local_set(slot, Unmanaged.passUnretained(self).toOpaque())
    return true
  }

  func hold(_ job: UnownedJob) {
    jobs.append(job)
  }

  /// Closes the batch and hands its jobs to the global executor, in the order they came.
  func close() {
    reducerkit_thread_local_set(ThreadLocalSlot.effectJobBatch.rawValue, nil)
    var held: [UnownedJob] = []
    swap(&held, &jobs)
    for job in held {
      globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
    // NB: a small buffer is kept for the next send; a burst's is given back.
    if held.capacity <= 256 {
      held.removeAll(keepingCapacity: true)
      jobs = held
    }
  }
}
