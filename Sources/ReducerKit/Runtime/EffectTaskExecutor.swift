/// The executor effects' tasks prefer (outside test stores): it hands every job to the global
/// concurrent executor, except while a store's `send` that has started an effect runs: the jobs
/// enqueued on its thread meanwhile (the first job of each task it starts, mostly) are held until
/// the `send` returns, and then handed over together.
///
/// NB: why hold them: a job enqueued on the global executor while the pool's workers are idle
/// wakes one (a futex wake and a context switch, a few microseconds of kernel time each on this
/// VM). A `send` that starts many effects enqueues their first jobs more slowly than idle
/// workers take them, so nearly every start woke a worker; handed over in one burst, the queue
/// stays full and the workers stay awake (the Performance guide, "Measured design choices",
/// has the figures).
///
/// A `send` that only cancels effects opens no batch, on purpose: the cancelled tasks then end
/// on the pool while the `send` is still cancelling the rest, which held jobs would delay.
///
/// Holding them changes no order a feature can see: the jobs keep the order they came in, and
/// an effect's operation could not reach the main actor before the `send` that started it
/// returned anyway. TCA starts each effect's task on the main actor, where it too runs only
/// once the `send` has returned.
@usableFromInline
final class EffectTaskExecutor: TaskExecutor {
  @usableFromInline
  static let shared = EffectTaskExecutor()

  @usableFromInline
  func enqueue(_ job: consuming ExecutorJob) {
    if let batch = EffectJobBatch.current {
      batch.hold(UnownedJob(job))
    } else {
      globalConcurrentExecutor.enqueue(job)
    }
  }
}

extension RootCore {
  /// Holds the jobs effects' tasks enqueue from now until the current `send` returns (see
  /// ``EffectTaskExecutor``): called as the store starts an effect's task.
  ///
  /// NB: a test store's effects run on its own executor, which counts every job it runs; they
  /// are never held. Nor are they outside a `send` (none starts there today): nothing would
  /// hand them over.
  @inlinable @inline(__always)
  final func holdEffectJobs() {
    if !holdsEffectJobs, isProcessing, registry.executor == nil { openEffectJobBatch() }
  }

  @usableFromInline
  final func openEffectJobBatch() {
    let batch: EffectJobBatch
    if let jobBatch {
      batch = jobBatch
    } else {
      batch = EffectJobBatch()
      jobBatch = batch
    }
    // NB: when an outer store's batch is open, it holds the jobs, and this is asked again at the
    // next effect: a thread-local read.
    holdsEffectJobs = batch.open()
  }

  /// Hands over the jobs held since ``holdEffectJobs()``; called as the `send` returns.
  @usableFromInline
  final func releaseEffectJobs() {
    holdsEffectJobs = false
    jobBatch?.close()
  }
}
