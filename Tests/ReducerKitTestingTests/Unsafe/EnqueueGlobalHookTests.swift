import ReducerKit
import Testing

@testable import ReducerKitTesting

/// The runtime's global-enqueue hook is taken once, by the serial test executor, and kept.
@MainActor
@Suite struct EnqueueGlobalHookTests {
  @Test func theSerialExecutorsHookStaysInstalled() async {
    // Running an operation on the main serial executor installs its hook, if nothing had.
    let ran = await withMainSerialExecutor { true }
    #expect(ran)
    #expect(!EnqueueGlobalHook.install { job, enqueueGlobal in enqueueGlobal(job) })
  }
}
