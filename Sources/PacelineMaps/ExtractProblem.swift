/// Why an OpenStreetMap extract could not be read: each says what of the file was wrong.
public enum ExtractProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not an `.osm.pbf` (its first block is not an OSM header).
    case notAnExtract
    /// The file ends inside a block.
    case truncated
    /// A block is bigger than the format allows (`OSMExtract.maximumHeaderBytes`, `maximumBlobBytes`).
    case overLimit(String)
    /// A block is compressed in a way this reader does not read (only zlib and none are read).
    case unsupportedCompression
    /// The header asks for a feature this reader lacks (history, say).
    case unsupportedFeature(String)
    /// A block's bytes are not what the format says they should be.
    case corrupt(String)
    /// The extract holds no way a person may walk, run or cycle on.
    case noWays

    public var description: String {
        switch self {
        case .notAnExtract: "not an OpenStreetMap extract: an .osm.pbf file starts with an OSMHeader block"
        case .truncated: "the extract ends in the middle of a block: it may have been cut short while downloading"
        case .overLimit(let what): "the extract has \(what), more than the format allows"
        case .unsupportedCompression: "the extract's blocks are compressed with something other than zlib (lzma or zstd): convert it with `osmium cat -o OUT.osm.pbf`"
        case .unsupportedFeature(let feature): "the extract needs \"\(feature)\", which Paceline does not read (use an extract of the current map, without history)"
        case .corrupt(let what): "the extract is damaged: \(what)"
        case .noWays: "the extract has no way a person may walk, run or cycle on"
        }
    }
}
