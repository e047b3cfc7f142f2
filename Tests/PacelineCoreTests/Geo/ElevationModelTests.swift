import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

/// A digital elevation model's heights in place of a phone's satellite altitude
/// (`ElevationTile`, `ElevationModel`; issue 36).
@Suite("The elevation model")
struct ElevationModelTests {
    static let tile = try! ElevationTile(name: ElevationHills.tileName + ".hgt", bytes: ElevationHills.tile())

    static func ascent(_ activity: Activity) -> ActivitySummary {
        let thresholds = SportThresholds.for(activity.sport)
        let (kept, dropped) = FixFilter(thresholds: thresholds).filter(activity.track)
        return ActivitySummary(activity, profile: TrackProfile(segments: kept, thresholds: thresholds), dropped: dropped, thresholds: thresholds)
    }

    @Test("a tile reads its corner from its name and interpolates its heights; a void or a point off it has none")
    func tile() throws {
        #expect(Self.tile.south == 55 && Self.tile.west == -5 && Self.tile.samplesPerSide == 1_201)
        #expect(ElevationTile.name(holding: Coordinate(latitude: 55.5, longitude: -4.2)) == "N55W005")
        #expect(ElevationTile.name(holding: Coordinate(latitude: -33.9, longitude: 18.4)) == "S34E018")
        // On the flat before the first hill, and at the first hill's top (750 m up it).
        let start = Coordinate(latitude: ElevationHills.latitude, longitude: ElevationHills.startLongitude)
        #expect(try #require(Self.tile.elevation(at: start)) == 100)
        let top = Coordinate(latitude: 55.2, longitude: ElevationHills.startLongitude + 1_750 / (111_319.49 * cos(55.5 * .pi / 180)))
        #expect(abs(try #require(Self.tile.elevation(at: top)) - 140) < 0.5)
        #expect(Self.tile.elevation(at: Coordinate(latitude: 56.2, longitude: -4.5)) == nil)

        var voided = ElevationHills.tile()
        voided.replaceSubrange(0..<4, with: [0x80, 0x00, 0x80, 0x00])  // the two north-west samples
        let withVoid = try ElevationTile(name: "N55W005", bytes: voided)
        #expect(withVoid.elevation(at: Coordinate(latitude: 56, longitude: -5)) == nil)
        #expect(withVoid.elevation(at: Coordinate(latitude: 55.5, longitude: -4.5)) != nil)

        #expect(throws: ElevationTileError.name("X55W005.hgt")) { try ElevationTile(name: "X55W005.hgt", bytes: voided) }
        #expect(throws: ElevationTileError.size(name: "N55W005", bytes: 100)) { try ElevationTile(name: "N55W005", bytes: Data(count: 100)) }
    }

    @Test("a phone's noisy altitude over three 40 m hills gives way to the ground's: 120 m from the model")
    func phone() throws {
        let phone = ElevationHills.phoneRun()
        let own = Self.ascent(phone)
        let model = ElevationModel(tiles: [Self.tile])
        let modelled = try #require(model.elevations(for: phone))
        let summary = Self.ascent(modelled)
        #expect(summary.ascentSource == .model && own.ascentSource == .elevations)
        #expect(abs(try #require(summary.ascentMeters) - 120) <= 6, "model: \(summary.ascentMeters ?? -1) m, the phone's own: \(own.ascentMeters ?? -1) m")
        #expect(abs(try #require(summary.descentMeters) - 120) <= 6)
        // Nothing but the heights changes.
        #expect(summary.distanceMeters == own.distanceMeters && summary.movingSeconds == own.movingSeconds)
    }

    @Test("an altimeter's elevations, a device's own ascent, a virtual ride and a run partly off the tiles keep their own")
    func keptAsTheyAre() {
        let model = ElevationModel(tiles: [Self.tile])
        var barometric = ElevationHills.phoneRun()
        barometric.hasBarometricElevation = true
        #expect(model.elevations(for: barometric) == nil)
        var totalled = ElevationHills.phoneRun()
        totalled.deviceTotals = DeviceTotals(ascentMeters: 118)
        #expect(model.elevations(for: totalled) == nil)
        var virtual = ElevationHills.phoneRun()
        virtual.isVirtual = true
        #expect(model.elevations(for: virtual) == nil)
        var partlyOff = ElevationHills.phoneRun()
        partlyOff.track.segments[0].append(Fix(time: Date(timeIntervalSince1970: 1_790_010_000),
                                               coordinate: Coordinate(latitude: 56.0001, longitude: -4.8), elevation: 90))
        #expect(ElevationModel.tileNames(for: partlyOff) == ["N55W005", "N56W005"])
        #expect(model.elevations(for: partlyOff) == nil)
    }
}
