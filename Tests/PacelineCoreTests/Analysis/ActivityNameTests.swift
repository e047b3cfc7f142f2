import Testing
@testable import PacelineCore

@Suite("Names from files: a person's kept, a machine's left out")
struct ActivityNameTests {
    @Test("Names written by devices and apps in the real files are not names", arguments: [
        "001", "Untitled", "2020-12-18 07:24:29", "dc.zip", "Route 2019-12-15 3:50pm", "2019-05-01 06:31:11 Tag",
        "Trail Planner Map", "2021-06-02 Evening", "ACTIVE LOG: 12 MAR 2020 08:00", "activity_12345678.fit", "  ",
        "Track 003", "Running", "2024-03-01T08:00:00Z", "Morning_Run.gpx",
    ])
    func machineNames(name: String) {
        #expect(ActivityName.meaningful(name) == nil)
    }

    @Test("Names a person gave are kept, trimmed", arguments: [
        ("casual stroll", "casual stroll"), ("Innrunde", "Innrunde"), ("  Greeting SF with a dumb, dumb route ", "Greeting SF with a dumb, dumb route"),
        ("Parkrun 5k PB!", "Parkrun 5k PB!"), ("missing hr", "missing hr"), ("Mojstrovka", "Mojstrovka"), ("Day 02", "Day 02"), ("Tag 1", "Tag 1"), ("Run to the bridge", "Run to the bridge"),
    ])
    func personNames(name: String, kept: String) {
        #expect(ActivityName.meaningful(name) == kept)
    }

    @Test("No name is no name")
    func none() {
        #expect(ActivityName.meaningful(nil) == nil)
    }
}
