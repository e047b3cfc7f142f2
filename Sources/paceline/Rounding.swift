import Foundation

extension Double {
    /// This value rounded to `places` decimal places, for JSON people read.
    func rounded(places: Int) -> Double {
        let scale = Foundation.pow(10.0, Double(places))
        return (self * scale).rounded() / scale
    }
}
