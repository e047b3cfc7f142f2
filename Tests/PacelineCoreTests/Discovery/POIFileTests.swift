import Foundation
import PacelineCore
import PacelineTestSupport
import Testing

@Suite("Point-of-interest files")
struct POIFileTests {
    @Test("the Open Plaques CSV dump: quoted fields over lines, subjects, the lead subject's Wikipedia link, skipped plaques")
    func openPlaquesCSV() throws {
        let data = try Data(contentsOf: Fixtures.poi("open-plaques-sample.csv"))
        #expect(POIFormat(sniffing: data) == .openPlaquesCSV)
        let file = try POIFile.read(data)
        #expect(file.points.count == 2)
        let barry = file.points[0]
        #expect(barry.source == "openplaques" && barry.sourceID == "121" && barry.title == "Charles Barry blue plaque")
        #expect(barry.coordinate == Coordinate(latitude: 51.46206, longitude: -0.14572))
        #expect(barry.erectedYear == 1950 && barry.photoURL == "http://farm9.staticflickr.com/8793/17090489770_6c2513c59c_z.jpg")
        #expect(barry.photoCredit == nil)
        #expect(barry.subjects == [.init(name: "Charles Barry", wikipediaURL: "https://en.wikipedia.org/wiki/Charles_Barry")])
        let sisters = file.points[1]
        #expect(sisters.inscription == "Ada Example 1820-1890\nand Bea Example 1822-1900, \"the sisters\", lived here")
        #expect(sisters.subjects.map(\.name) == ["Ada Example", "Bea Example"])
        #expect(sisters.subjects[0].wikipediaURL == "https://en.wikipedia.org/wiki/Ada_Example" && sisters.subjects[1].wikipediaURL == nil)
        #expect(sisters.erectedYear == 1999 && sisters.photoURL == nil)
        // The lost plaque starts on line 5: the quoted inscription above spans lines 3 and 4.
        #expect(file.skipped == [.init(location: "line 5", reason: "no position (not geolocated)")])
    }

    @Test("the site's older CSV list: Number and Co-ordinates")
    func olderCSV() throws {
        let csv = "Number, Inscription, Organisation, Erected date, Language, Colour, Location, Area, Country, Co-ordinates\n"
            + "7,\"Here lived someone\",Council,1975,English,blue,\"1 High St\",Town,UK,\"51.5,-0.1\"\n"
        let file = try POIFile.read(Data(csv.utf8))
        #expect(file.points.count == 1)
        #expect(file.points[0].sourceID == "7" && file.points[0].coordinate == Coordinate(latitude: 51.5, longitude: -0.1))
        #expect(file.points[0].title == "Here lived someone" && file.points[0].erectedYear == 1975)
    }

    @Test("the Open Plaques JSON: dump rows and the site's plaque objects")
    func openPlaquesJSON() throws {
        let data = try Data(contentsOf: Fixtures.poi("open-plaques-sample.json"))
        #expect(POIFormat(sniffing: data) == .openPlaquesJSON)
        let file = try POIFile.read(data)
        #expect(file.points.map(\.sourceID) == ["121", "90003"])
        #expect(file.points[0].subjects == [.init(name: "Charles Barry", wikipediaURL: "https://en.wikipedia.org/wiki/Charles_Barry")])
        let cy = file.points[1]
        #expect(cy.coordinate == Coordinate(latitude: 51.5101, longitude: -0.1301) && cy.erectedYear == 2001)
        #expect(cy.subjects == [.init(name: "Cy Example", wikipediaURL: "https://en.wikipedia.org/wiki/Cy_Example")])
        #expect(cy.photoURL == "https://example.org/photos/7.jpg")
        // Who took it and its licence come with the photo; a photo without them has no credit.
        #expect(cy.photoCredit == "Ann Example, CC BY-SA 2.0")
        #expect(file.skipped == [.init(location: "plaque 3 (id 90002)", reason: "no position (not geolocated)")])
    }

    @Test("GeoJSON points: ids from the feature or its position, lines skipped")
    func geoJSON() throws {
        let data = try Data(contentsOf: Fixtures.poi("points.geojson"))
        #expect(POIFormat(sniffing: data) == .geoJSON)
        let file = try POIFile.read(data, source: "london-furniture")
        #expect(file.points.map(\.sourceID) == ["fountain-1", "51.502,-0.141"])
        #expect(file.points.map(\.source) == ["london-furniture", "london-furniture"])
        #expect(file.points[0].title == "Drinking fountain" && file.points[0].erectedYear == 1867)
        #expect(file.points[0].inscription == "Erected by the Metropolitan Drinking Fountain Association")
        #expect(file.points[0].coordinate == Coordinate(latitude: 51.5012, longitude: -0.1402))
        #expect(file.skipped == [.init(location: "feature 3", reason: "not a point")])
    }

    @Test("bad files name the line or feature", arguments: [
        ("id,title,latitude,longitude\n1,A,51.5,-0.1\n2,B,north,-0.1\n", POIFormat.openPlaquesCSV, "line 3: latitude \"north\" is not a number"),
        ("id,title,latitude,longitude\n1,A,95,-0.1\n", .openPlaquesCSV, "line 2: 95.0, -0.1 is not a position on Earth"),
        ("id,title\n1,\"never closed\n", .openPlaquesCSV, "line 2: a quoted field is never closed"),
        ("title,latitude\nA,1\n", .openPlaquesCSV, "line 1: the header names no id column (expected Open Plaques columns such as id, title, latitude, longitude)"),
        ("id,title,latitude,longitude\n,A,51.5,-0.1\n", .openPlaquesCSV, "line 2: the record has no id"),
        ("[{\"id\": 1, \"latitude\": 51}, 3]", .openPlaquesJSON, "plaque 2: not a JSON object"),
        ("[{\"id\": 1, \"latitude\": \"x\", \"longitude\": 0}]", .openPlaquesJSON, "plaque 1 (id 1): latitude \"x\" is not a number"),
        ("{\"type\": \"FeatureCollection\", \"features\": [{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [\"a\", 1]}}]}",
         .geoJSON, "feature 1: a Point's coordinates must be [longitude, latitude] numbers"),
        ("{\"type\": \"Feature\"}", .geoJSON, "file: not a GeoJSON FeatureCollection with a features array"),
    ])
    func badFiles(text: String, format: POIFormat, message: String) {
        #expect(throws: POIFileError.self) { try POIFile.read(Data(text.utf8), format: format) }
        do {
            _ = try POIFile.read(Data(text.utf8), format: format)
        } catch {
            #expect("\(error)" == message)
        }
    }
}
