import ReducerKit
import Testing

/// `CustomDumpStringConvertible` and `CustomDumpReflectable`, as custom-dump has them (TCA
/// exports them): a type's own text, or its own mirror, in dumps, diffs and failure messages.
@Suite struct CustomDumpRepresentableTests {
  struct Password: CustomDumpStringConvertible, Equatable {
    var text: String
    var customDumpDescription: String { "Password(•••)" }
  }

  struct Login: Equatable {
    var email: String
    var password: Password
  }

  @Test func aTypesOwnTextIsPrintedAsIs() {
    #expect(customDump(Password(text: "hunter2")) == "Password(•••)")
    #expect(
      customDump(Login(email: "b@x.io", password: Password(text: "hunter2")))
        == #"CustomDumpRepresentableTests.Login(email: "b@x.io", password: Password(•••))"#
    )
  }

  @Test func aTypesOwnTextHidesWhatChangedBehindIt() {
    let before = Login(email: "a@example.com", password: Password(text: "one"))
    let after = Login(email: "b@example.com", password: Password(text: "two"))
    #expect(
      diff(before, after) == """
          CustomDumpRepresentableTests.Login(
        −   email: "a@example.com",
        +   email: "b@example.com",
            password: Password(•••)
          )
        """
    )
  }

  struct Session: CustomDumpReflectable {
    var user: String
    var token: String
    var customDumpMirror: Mirror {
      Mirror(self, children: ["user": user], displayStyle: .struct)
    }
  }

  enum Route: CustomDumpReflectable {
    case detail(id: Int, secret: String)
    var customDumpMirror: Mirror {
      switch self {
      case .detail(let id, _):
        Mirror(self, children: ["detail": id], displayStyle: .enum)
      }
    }
  }

  struct Cart: CustomDumpReflectable {
    var items: [String]
    var customDumpMirror: Mirror {
      Mirror(self, unlabeledChildren: items, displayStyle: .collection)
    }
  }

  @Test func aTypesOwnMirrorChoosesTheChildrenPrinted() {
    #expect(
      customDump(Session(user: "blob", token: "deadbeef"))
        == #"CustomDumpRepresentableTests.Session(user: "blob")"#)
    #expect(customDump(Cart(items: ["milk", "eggs"])) == #"["milk", "eggs"]"#)
  }

  @Test func anEnumsOwnMirrorNamesTheCaseByItsChild() {
    #expect(
      customDump(Route.detail(id: 7, secret: "x")) == "CustomDumpRepresentableTests.Route.detail(7)"
    )
    #expect(customDump([Route.detail(id: 7, secret: "x")]) == "[.detail(7)]")
  }
}
