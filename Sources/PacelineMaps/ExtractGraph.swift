import Foundation
import PacelineCore

/// The routing graph of an extract's ways (`RoutingGraph.Stretch`es), read in two passes
/// over its file so that only what routing needs is ever held: first the ways a person may
/// take (`WayAccess`) and their nodes' ids, then the positions of those nodes alone. A way
/// is cut into stretches at every node another way shares (a junction), at its ends, and
/// around any node the extract lacks (a way leaving its area). docs/ALGORITHMS.md,
/// "Planning a route".
///
/// ```swift
/// let graph = try ExtractGraph(reading: OSMExtract(url: file))
/// graph.stretches.count
/// ```
public struct ExtractGraph: Sendable {
    /// The graph's stretches, junctions numbered from 0.
    public let stretches: [RoutingGraph.Stretch]
    /// Ways a person may take.
    public let ways: Int
    /// Their nodes with a position in the extract.
    public let nodes: Int
    /// Nodes where stretches meet or end.
    public let junctions: Int
    /// Nodes the ways name that the extract lacks.
    public let missingNodes: Int

    /// What `progress` is told as the reading goes.
    public enum Stage: Sendable {
        /// Reading ways, with the bytes read of the file.
        case ways(read: Int64)
        /// Reading the ways' nodes, with the bytes read.
        case nodes(read: Int64)
        /// Building the stretches.
        case stretches
    }

    /// Reads `extract`, its points without elevations (`RoutingGraph.Stretch.elevated(by:)` adds them).
    /// - Throws: `ExtractProblem` for a damaged file, or a file error.
    /// - Complexity: O(b + r log r): b the file's bytes, r the ways' node references.
    public init(reading extract: OSMExtract, progress: (Stage) -> Void = { _ in }) throws {
        // Pass 1: the ways a person may take, their node ids one after another.
        var references: [Int64] = []
        var wayStarts: [Int] = []
        var wayAccess: [WayAccess] = []
        try extract.forEachBlock(progress: { progress(.ways(read: $0)) }) { block in
            try block.forEachWay(keeping: WayAccess.keys) { _, refs, tags in
                guard refs.count >= 2 else { return }
                let access = WayAccess(tags: tags)
                guard !access.isEmpty else { return }
                wayStarts.append(references.count)
                wayAccess.append(access)
                references.append(contentsOf: refs)
            }
        }
        wayStarts.append(references.count)
        // The distinct node ids, and how many references each has (up to 2: enough to tell a junction).
        let sorted = references.sorted()
        var ids: [Int64] = []
        var uses: [UInt8] = []
        for id in sorted {
            if ids.last == id { uses[uses.count - 1] = 2 } else { ids.append(id); uses.append(1) }
        }
        func index(of id: Int64) -> Int {
            var low = 0, high = ids.count
            while low < high {
                let middle = (low + high) / 2
                if ids[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let wayNodes = references.map { Int32(index(of: $0)) }
        references = []
        // Pass 2: the positions of those nodes.
        var latitudes = [Double](repeating: .nan, count: ids.count), longitudes = latitudes
        try extract.forEachBlock(progress: { progress(.nodes(read: $0)) }) { block in
            try block.forEachNode { id, coordinate in
                let found = index(of: id)
                guard found < ids.count, ids[found] == id else { return }
                latitudes[found] = coordinate.latitude
                longitudes[found] = coordinate.longitude
            }
        }
        progress(.stretches)
        // Junctions: nodes of two references or more, ways' ends, and the neighbours of missing nodes.
        var isJunction = uses.map { $0 >= 2 }
        var missing = 0
        for way in 0..<wayAccess.count {
            let nodes = wayNodes[wayStarts[way]..<wayStarts[way + 1]]
            isJunction[Int(nodes.first!)] = true
            isJunction[Int(nodes.last!)] = true
            for position in nodes.indices where latitudes[Int(nodes[position])].isNaN {
                if position > nodes.startIndex { isJunction[Int(nodes[position - 1])] = true }
                if position + 1 < nodes.endIndex { isJunction[Int(nodes[position + 1])] = true }
            }
        }
        for index in ids.indices where latitudes[index].isNaN { missing += 1 }
        var numbers = [Int32](repeating: -1, count: ids.count)
        var junctions: Int32 = 0
        func number(_ node: Int) -> Int32 {
            if numbers[node] < 0 { numbers[node] = junctions; junctions += 1 }
            return numbers[node]
        }
        var stretches: [RoutingGraph.Stretch] = []
        for way in 0..<wayAccess.count {
            var open: RoutingGraph.Stretch?
            for node in wayNodes[wayStarts[way]..<wayStarts[way + 1]].lazy.map(Int.init) {
                guard !latitudes[node].isNaN else { open = nil; continue }
                let coordinate = Coordinate(latitude: latitudes[node], longitude: longitudes[node])
                if var stretch = open {
                    open = nil   // the stretch's arrays then have one owner, and grow in place
                    stretch.coordinates.append(coordinate)
                    stretch.elevations.append(nil)
                    if isJunction[node] {
                        stretch.to = number(node)
                        stretches.append(stretch)
                        open = RoutingGraph.Stretch(from: stretch.to, to: -1, access: wayAccess[way], coordinates: [coordinate], elevations: [nil])
                    } else {
                        open = stretch
                    }
                } else if isJunction[node] {
                    open = RoutingGraph.Stretch(from: number(node), to: -1, access: wayAccess[way], coordinates: [coordinate], elevations: [nil])
                }
            }
        }
        self.stretches = stretches
        self.ways = wayAccess.count
        self.nodes = ids.count - missing
        self.junctions = Int(junctions)
        self.missingNodes = missing
    }
}
