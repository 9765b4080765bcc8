import ReducerKit
import ReducerKitTesting
import Testing

/// `reportIssue` and `withErrorReporting`: a test failure where the issue happened, the program
/// goes on.
@Suite struct ReportIssueTests {
  struct Failure: Error {}

  private func text(_ issue: CapturedIssue) -> String {
    issue.comments.first?.rawValue ?? ""
  }

  @Test func aReportedIssueFailsTheTestWhereItWasReported() {
    let line = #line + 2
    expectIssues {
      reportIssue("The row is not in the list.")
    } matching: { issue in
      text(issue) == "The row is not in the list." && issue.sourceLocation?.line == line
    }
    expectIssues {
      reportIssue()
    } matching: { issue in
      text(issue) == "An issue was reported."
    }
  }

  @Test func aReportedErrorSaysWhatItWas() {
    expectIssues {
      reportIssue(Failure())
      reportIssue(Failure(), "Saving failed")
    } matching: { issue in
      text(issue) == "Caught error: ReportIssueTests.Failure()"
        || text(issue) == "Caught error: ReportIssueTests.Failure(): Saving failed"
    }
  }

  @Test func withErrorReportingReturnsTheResultOrReportsTheError() {
    #expect(withErrorReporting { 42 } == 42)
    let line = #line + 2
    expectIssues {
      let result: Int? = withErrorReporting("Decoding") { throw Failure() }
      #expect(result == nil)
    } matching: { issue in
      text(issue) == "Caught error: ReportIssueTests.Failure(): Decoding"
        && issue.sourceLocation?.line == line
    }
  }

  @Test func asynchronousWorkIsReportedAndACancellationIsNot() async {
    let value = await withErrorReporting { () async throws -> Int in
      await Task.yield()
      return 7
    }
    #expect(value == 7)
    await expectIssues {
      let result: Int? = await withErrorReporting { () async throws -> Int in
        await Task.yield()
        throw Failure()
      }
      #expect(result == nil)
    } matching: { issue in
      text(issue) == "Caught error: ReportIssueTests.Failure()"
    }
    let cancelled: Int? = await withErrorReporting { () async throws -> Int in
      throw CancellationError()
    }
    #expect(cancelled == nil)
    let cancelledAtOnce: Int? = withErrorReporting { () throws -> Int in
      throw CancellationError()
    }
    #expect(cancelledAtOnce == nil)
  }
}
