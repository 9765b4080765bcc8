#if canImport(SwiftUI)
  import ReducerKit
  import SwiftUI

  /// The tool library's app: the screen of the case its state is in, switched as the state
  /// switches.
  public struct ToolshedView: View {
    let store: StoreOf<Toolshed>

    public init(store: StoreOf<Toolshed>) {
      self.store = store
    }

    public var body: some View {
      if let signIn: StoreOf<SignIn> = store.scope(state: \.signIn, action: \.signIn) {
        SignInView(store: signIn)
      } else if let shed: StoreOf<Shed> = store.scope(state: \.shed, action: \.shed) {
        ShedView(store: shed)
      }
    }
  }

  /// The two steps of signing in, and the alert of a refused step.
  struct SignInView: View {
    @Bindable var store: StoreOf<SignIn>

    var body: some View {
      Form {
        if store.challenge == nil {
          TextField("Email", text: $store.email.sending(\.view.emailChanged))
          Button("Send me a code") { store.send(.view(.sendCodeTapped)) }
            .disabled(!store.canSubmit)
        } else {
          TextField("Code", text: $store.code.sending(\.view.codeChanged))
          Button("Sign in") { store.send(.view(.verifyTapped)) }
            .disabled(!store.canSubmit)
          Button("Use another address") { store.send(.view(.useAnotherAddressTapped)) }
        }
        if store.isRequestInFlight { ProgressView() }
      }
      .alert($store.scope(state: \.alert, action: \.alert))
    }
  }

  /// The shed's tools and the member's loans; borrowing presents a sheet.
  struct ShedView: View {
    @Bindable var store: StoreOf<Shed>

    var body: some View {
      NavigationStack {
        List {
          Section("Tools") {
            ForEach(store.tools) { tool in
              Button(tool.name) { store.send(.view(.borrowTapped(tool.id))) }
                .disabled(store.withState { $0.hasBorrowed(tool) })
            }
          }
          Section("Your loans") {
            ForEach(store.loans) { loan in
              HStack {
                Text(loan.tool.name)
                Spacer()
                Button("Give back") { store.send(.view(.giveBackTapped(loan.id))) }
              }
            }
          }
        }
        .navigationTitle("Hello, \(store.member.name)")
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Sign out") { store.send(.view(.signOutTapped)) }
          }
        }
        .task { await store.send(.view(.appeared)).finish() }
        .sheet(item: $store.scope(state: \.borrow, action: \.borrow)) { borrow in
          BorrowView(store: borrow)
        }
        .alert($store.scope(state: \.alert, action: \.alert))
      }
    }
  }

  /// Borrowing one tool: how many days, then confirm; the sheet closes itself once lent.
  struct BorrowView: View {
    @Bindable var store: StoreOf<Borrow>

    var body: some View {
      NavigationStack {
        Form {
          #if os(tvOS)
            // NB: tvOS has no stepper: two buttons send the same action the stepper sends.
            HStack {
              Text("\(store.days) days")
              Button("Fewer") { store.send(.view(.daysChanged(store.days - 1))) }
              Button("More") { store.send(.view(.daysChanged(store.days + 1))) }
            }
          #else
            Stepper(
              "\(store.days) days", value: $store.days.sending(\.view.daysChanged),
              in: Borrow.days)
          #endif
        }
        .navigationTitle("Borrow the \(store.tool.name)")
        .toolbar {
          ToolbarItem(placement: .cancellationAction) {
            Button("Cancel") { store.send(.view(.cancelTapped)) }
          }
          ToolbarItem(placement: .confirmationAction) {
            Button("Borrow") { store.send(.view(.confirmTapped)) }
              .disabled(store.isRequestInFlight)
          }
        }
        .alert($store.scope(state: \.alert, action: \.alert))
      }
    }
  }
#endif
