import Testing
@testable import PacelineCore

@Suite struct CueSpeakerTests {
    static func cue(_ elapsed: Double, _ meters: Double, ahead: Double?, deviated: Bool = false,
                    started: Bool = true, finished: Bool = false) -> Cue {
        Cue(elapsedSeconds: elapsed, distanceMeters: meters, aheadSeconds: ahead, deviated: deviated,
            started: started, finished: finished)
    }

    @Test func gapsReadAsAVoiceWouldSayThem() {
        #expect(CueSpeaker.gap(12.4) == "12 seconds ahead")
        #expect(CueSpeaker.gap(-1) == "1 second behind")
        #expect(CueSpeaker.gap(-65) == "1 minute 5 seconds behind")
        #expect(CueSpeaker.gap(120) == "2 minutes ahead")
        #expect(CueSpeaker.gap(0.4) == "on pace")
    }

    @Test func changesAreAlwaysSaidAndSmallDriftIsNot() {
        var speaker = CueSpeaker(units: .metric)
        #expect(speaker.spoken(for: Self.cue(0, 0, ahead: nil, deviated: true, started: false)) == "Head to the start of the route")
        #expect(speaker.spoken(for: Self.cue(5, 10, ahead: nil, deviated: true, started: false)) == nil)
        #expect(speaker.spoken(for: Self.cue(10, 30, ahead: -2)) == "On route, 2 seconds behind")
        #expect(speaker.spoken(for: Self.cue(15, 45, ahead: -3)) == nil)             // moved 1 s
        #expect(speaker.spoken(for: Self.cue(20, 60, ahead: -5.2)) == "5 seconds behind")
        #expect(speaker.spoken(for: Self.cue(25, 75, ahead: nil, deviated: true)) == "Deviated from route")
        #expect(speaker.spoken(for: Self.cue(30, 90, ahead: nil, deviated: true)) == nil)
        #expect(speaker.spoken(for: Self.cue(35, 105, ahead: -20)) == "Back on route, 20 seconds behind")
        #expect(speaker.spoken(for: Self.cue(65, 200, ahead: -20)) == "20 seconds behind")  // 30 s since
        #expect(speaker.spoken(for: Self.cue(70, 1005, ahead: -19)) == "1 kilometre, 19 seconds behind")
        #expect(speaker.spoken(for: Self.cue(75, 1020, ahead: 3, finished: true)) == "Finished, 3 seconds ahead")
        #expect(speaker.spoken(for: Self.cue(80, 1030, ahead: 3, finished: true)) == nil)
    }

    @Test func milesForImperialUsers() {
        var speaker = CueSpeaker(units: .imperial)
        _ = speaker.spoken(for: Self.cue(0, 0, ahead: 0))
        #expect(speaker.spoken(for: Self.cue(5, 1000, ahead: 0)) == nil)
        #expect(speaker.spoken(for: Self.cue(10, 1610, ahead: 0)) == "1 mile, on pace")
    }
}
