import Foundation
import ReducerKit
import Testing

/// `UncheckedSendable`, as swift-concurrency-extras has it (TCA exports it).
@Suite struct UncheckedSendableTests {
  /// A class of an unaudited SDK: not `Sendable`.
  final class LegacyPlayer {
    var volume = 0.5
    var played: [String] = []
    func play(_ name: String) { played.append(name) }
  }

  @Test func carriesAValueThatIsNotSendableIntoATask() async {
    let player = UncheckedSendable(LegacyPlayer())
    await Task { player.value.play("intro") }.value
    #expect(player.value.played == ["intro"])
  }

  @Test func readsAndWritesTheValuesPropertiesThroughDynamicMembers() {
    var player = UncheckedSendable(LegacyPlayer())
    #expect(player.volume == 0.5)
    var settings = UncheckedSendable(Settings(volume: 1))
    settings.volume = 3
    #expect(settings.value == Settings(volume: 3))
    player.value = LegacyPlayer()
    #expect(player.played.isEmpty)
  }

  @Test func asAPropertyWrapperReadsAsTheValueAndProjectsTheWrapper() {
    struct Holder {
      @UncheckedSendable var settings = Settings(volume: 2)
    }
    var holder = Holder()
    holder.settings.volume = 4
    #expect(holder.settings == Settings(volume: 4))
    let wrapper: UncheckedSendable<Settings> = holder.$settings
    #expect(wrapper.value == Settings(volume: 4))
  }

  @Test func comparesHashesAndCodesAsItsValue() throws {
    #expect(UncheckedSendable(1) == UncheckedSendable(1))
    #expect(UncheckedSendable(1) != UncheckedSendable(2))
    #expect(Set([UncheckedSendable("a"), UncheckedSendable("a")]).count == 1)
    let data = try JSONEncoder().encode(UncheckedSendable(Settings(volume: 5)))
    #expect(String(decoding: data, as: UTF8.self) == #"{"volume":5}"#)
    let decoded = try JSONDecoder().decode(UncheckedSendable<Settings>.self, from: data)
    #expect(decoded.value == Settings(volume: 5))
  }

  struct Settings: Codable, Equatable {
    var volume: Int
  }
}
