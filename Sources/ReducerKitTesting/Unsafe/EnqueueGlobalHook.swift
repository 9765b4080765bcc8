#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Swift runtime's hook for jobs enqueued on the global executor
/// (`swift_task_enqueueGlobal_hook`): the one trick of ReducerKitTesting that reaches the
/// runtime by hand.
///
/// NB: it is the runtime's seam for custom global executors (it is how "main serial executor"
/// test helpers work); it is looked up by name so that nothing links against it, and left alone
/// if it is missing or already taken. Without it (`install` returns `false`), tasks created
/// inside a serial test executor's jobs run on the global executor, as they would anyway.
enum EnqueueGlobalHook {
  /// The runtime's own enqueueing, which the hook is handed to fall back on.
  typealias EnqueueGlobal = @convention(thin) (UnownedJob) -> Void
  /// A hook: it runs every job enqueued on the global executor.
  typealias Hook = @convention(thin) (UnownedJob, EnqueueGlobal) -> Void

  /// Installs `hook` unless the runtime has no such hook or another one is installed; returns
  /// whether it did.
  static func install(_ hook: Hook) -> Bool {
    guard let handle = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(handle, "swift_task_enqueueGlobal_hook")
    else { return false }
    let slot = symbol.assumingMemoryBound(to: Hook?.self)
    guard slot.pointee == nil else { return false }
    slot.pointee = hook
    return true
  }
}
