#if canImport(SwiftUI)
  import ReducerKit
  import ReducerKit
  import SwiftUI

  /// The meetings app: the list at the root of a navigation stack, meeting details and meetings
  /// in progress pushed over it.
  public struct MeetingsAppView: View {
    @Bindable var store: StoreOf<MeetingsApp>

    public init(store: StoreOf<MeetingsApp>) {
      self.store = store
    }

    public var body: some View {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        MeetingsListView(store: store.scope(state: \.list, action: \.list))
      } destination: { (store: StoreOf<MeetingsApp.Path>) in
        if let detail: StoreOf<MeetingDetail> = store.scope(state: \.detail, action: \.detail) {
          MeetingDetailView(store: detail)
        } else if let record: StoreOf<RecordMeeting> = store.scope(
          state: \.record, action: \.record)
        {
          RecordMeetingView(store: record)
        }
      }
    }
  }

  /// The meetings, each a link to its details; adding one in a sheet.
  struct MeetingsListView: View {
    @Bindable var store: StoreOf<MeetingsList>

    var body: some View {
      List {
        ForEach(store.meetings) { meeting in
          Button(meeting.title) { store.send(.view(.meetingTapped(id: meeting.id))) }
        }
      }
      .navigationTitle("Meetings")
      .toolbar {
        ToolbarItem(placement: .primaryAction) {
          Button("Add") { store.send(.view(.addTapped)) }
        }
      }
      .sheet(item: $store.scope(state: \.addMeeting, action: \.addMeeting)) { form in
        NavigationStack {
          MeetingFormView(store: form)
            .toolbar {
              ToolbarItem(placement: .cancellationAction) {
                Button("Dismiss") { store.send(.view(.dismissAddTapped)) }
              }
              ToolbarItem(placement: .confirmationAction) {
                Button("Add") { store.send(.view(.confirmAddTapped)) }
              }
            }
        }
      }
    }
  }

  /// A meeting's title, length and attendees, bound to the form's state.
  struct MeetingFormView: View {
    @Bindable var store: StoreOf<MeetingForm>

    var body: some View {
      Form {
        TextField("Title", text: $store.meeting.title)
        #if os(tvOS)
          // NB: tvOS has no stepper: two buttons change the length, within the same bounds.
          HStack {
            let minutes = $store.meeting.minutes
            Text("\(minutes.wrappedValue) min")
            Button("Shorter") { minutes.wrappedValue = max(5, minutes.wrappedValue - 1) }
            Button("Longer") { minutes.wrappedValue = min(30, minutes.wrappedValue + 1) }
          }
        #else
          Stepper("\(store.meeting.minutes) min", value: $store.meeting.minutes, in: 5...30)
        #endif
        Section("Attendees") {
          ForEach(store.meeting.attendees) { attendee in
            Text(attendee.name)
          }
          .onDelete { store.send(.view(.deleteAttendees($0))) }
          Button("Add attendee") { store.send(.view(.addAttendeeTapped)) }
        }
      }
    }
  }

  /// One meeting: start it, edit it in a sheet, or delete it behind an alert.
  struct MeetingDetailView: View {
    @Bindable var store: StoreOf<MeetingDetail>

    var body: some View {
      List {
        if let meeting = store.meeting {
          Section {
            Button("Start meeting") { store.send(.view(.startMeetingTapped)) }
            Text("\(meeting.minutes) minutes")
          }
          Section("Past meetings") {
            ForEach(meeting.records) { record in
              Text(record.date, format: .dateTime.day().month().year())
            }
          }
          Button("Delete", role: .destructive) { store.send(.view(.deleteTapped)) }
        }
      }
      .navigationTitle(store.meeting?.title ?? "")
      .toolbar {
        Button("Edit") { store.send(.view(.editTapped)) }
      }
      // NB: the alert's action type, which TCA's typed case key paths carry, is given here.
      .alert(
        $store.scope(state: \.destination?.alert, action: \.destination.alert)
          as Binding<Store<AlertState<DeletionAlert>, DeletionAlert>?>
      )
      .sheet(item: $store.scope(state: \.destination?.edit, action: \.destination.edit)) {
        (form: StoreOf<MeetingForm>) in
        NavigationStack {
          MeetingFormView(store: form)
            .toolbar {
              ToolbarItem(placement: .cancellationAction) {
                Button("Cancel") { store.send(.view(.cancelEditTapped)) }
              }
              ToolbarItem(placement: .confirmationAction) {
                Button("Done") { store.send(.view(.doneEditingTapped)) }
              }
            }
        }
      }
    }
  }

  typealias DeletionAlert = MeetingDetail.Destination.Alert

  /// A meeting in progress: the time, the speaker, and the alert that ends it.
  struct RecordMeetingView: View {
    @Bindable var store: StoreOf<RecordMeeting>

    var body: some View {
      VStack {
        Text("\(store.secondsElapsed) s")
        if let meeting = store.meeting, store.speakerIndex < meeting.attendees.count {
          Text("Speaking: \(meeting.attendees[store.speakerIndex].name)")
        }
        Button("Next speaker") { store.send(.view(.nextSpeakerTapped)) }
        Button("End meeting") { store.send(.view(.endMeetingTapped)) }
        Text(store.transcript)
      }
      .task { await store.send(.view(.onAppear)).finish() }
      .alert($store.scope(state: \.alert, action: \.alert))
    }
  }
#endif
