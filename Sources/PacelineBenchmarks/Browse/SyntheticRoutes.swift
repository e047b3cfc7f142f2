import Foundation
import PacelineCore
import PacelineSynthetic

/// Route starts spread as people's are, for the browsing benchmark: 90 % around `cities`
/// (a Gaussian of 3–17 km around each centre; a city's share falls as 1/rank, as city
/// sizes do), 10 % anywhere between latitudes -60 and 72. The same seed gives the same
/// routes and viewports.
struct SyntheticRoutes {
    struct City {
        var centre: Coordinate
        /// Standard deviation of the starts around the centre, degrees.
        var spread: Double
    }

    private var cities: [City] = []
    /// Running sum of the cities' weights, to draw one by weight.
    private var cumulativeWeights: [Double] = []
    private var random: SeededRandom

    init(seed: UInt64, cityCount: Int = 200) {
        random = SeededRandom(seed: seed)
        var total = 0.0
        for rank in 1...cityCount {
            cities.append(City(centre: Coordinate(latitude: .random(in: -45...62, using: &random),
                                                  longitude: .random(in: -180..<180, using: &random)),
                               spread: .random(in: 0.03...0.15, using: &random)))
            total += 1 / Double(rank)
            cumulativeWeights.append(total)
        }
    }

    /// The next route's start.
    mutating func start() -> Coordinate {
        Double.random(in: 0..<1, using: &random) < 0.1 ? anywhere() : near(city())
    }

    /// The next route's privacy: 80 % public, 12 % private, 8 % friends.
    mutating func privacy() -> Privacy {
        switch Double.random(in: 0..<1, using: &random) {
        case ..<0.8: .public
        case ..<0.92: .private
        default: .friends
        }
    }

    /// A route length, 2–42 km.
    mutating func distance() -> Double { .random(in: 2_000...42_000, using: &random) }

    /// A UUID drawn from the seed.
    mutating func uuid() -> UUID {
        let (a, b) = (random.next(), random.next())
        var bytes = withUnsafeBytes(of: (a, b)) { Array($0) }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The centre of a map someone looks at: half the time near a city (drawn as its
    /// routes are), half anywhere.
    mutating func viewportCentre() -> Coordinate {
        Bool.random(using: &random) ? near(city()) : anywhere()
    }

    /// A zoom in `zooms`, uniformly.
    mutating func zoom(in zooms: ClosedRange<Int>) -> Int { .random(in: zooms, using: &random) }

    /// A city, by weight.
    private mutating func city() -> City {
        let target = Double.random(in: 0..<cumulativeWeights[cumulativeWeights.count - 1], using: &random)
        var low = 0, high = cumulativeWeights.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulativeWeights[middle] <= target { low = middle + 1 } else { high = middle }
        }
        return cities[low]
    }

    /// A Gaussian draw around `city`, kept on the globe.
    private mutating func near(_ city: City) -> Coordinate {
        let latitude = city.centre.latitude + random.gaussian() * city.spread
        let longitude = city.centre.longitude + random.gaussian() * city.spread / cos(city.centre.latitude * .pi / 180)
        return Coordinate(latitude: min(max(latitude, -89.9), 89.9),
                          longitude: (longitude + 540).truncatingRemainder(dividingBy: 360) - 180)
    }

    private mutating func anywhere() -> Coordinate {
        Coordinate(latitude: .random(in: -60...72, using: &random), longitude: .random(in: -180..<180, using: &random))
    }
}
