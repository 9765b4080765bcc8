import ReducerKit
import Testing

/// `NSEC_PER_SEC` and its kin, which Dispatch defines only on Apple platforms.
@Suite struct NanosecondConstantsTests {
  @Test func haveDispatchsValues() {
    #expect(NSEC_PER_SEC == 1_000_000_000)
    #expect(NSEC_PER_MSEC == 1_000_000)
    #expect(NSEC_PER_USEC == 1_000)
    #expect(USEC_PER_SEC == 1_000_000)
    #expect(Duration.nanoseconds(NSEC_PER_SEC / 2) == .milliseconds(500))
  }
}
