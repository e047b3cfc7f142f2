/// Length-limited Huffman code lengths and the canonical codes DEFLATE builds from them
/// (RFC 1951 § 3.2.2).
///
/// ```swift
/// HuffmanCode.lengths([5, 1, 1, 0], limit: 15)   // [1, 2, 2, 0]
/// ```
enum HuffmanCode {
    /// A code: `length` bits, stored bit-reversed so a least-significant-first writer
    /// sends the most significant bit first, as DEFLATE wants.
    struct Code {
        var bits: UInt16
        var length: UInt8
    }

    /// Code lengths for symbols used `counts` times, none longer than `limit`; unused
    /// symbols get 0. The code is always complete: with fewer than two used symbols,
    /// unused ones are added (some decoders, zlib's among them, refuse incomplete codes).
    ///
    /// Too-long codes are fixed by halving the counts (keeping every used symbol at 1 or
    /// more) and building again: a little worse than package-merge, much simpler.
    /// - Complexity: O(n log n) per attempt; a few attempts at most.
    static func lengths(_ counts: [Int], limit: Int) -> [UInt8] {
        var weights = counts
        var used = weights.indices.filter { weights[$0] > 0 }
        for index in weights.indices where used.count < 2 && weights[index] == 0 {
            weights[index] = 1
            used.append(index)
        }
        while true {
            let lengths = unlimitedLengths(weights)
            if lengths.max() ?? 0 <= limit { return lengths.map(UInt8.init) }
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 / 2) }
        }
    }

    /// Plain Huffman code lengths (no limit) by repeatedly joining the two lightest trees.
    private static func unlimitedLengths(_ counts: [Int]) -> [Int] {
        var lengths = [Int](repeating: 0, count: counts.count)
        // Nodes: leaves first (their symbol), then inner nodes; `parent` links upwards.
        var weight: [Int] = [], parent: [Int] = [], symbol: [Int] = []
        for (index, count) in counts.enumerated() where count > 0 {
            weight.append(count); parent.append(-1); symbol.append(index)
        }
        let leaves = weight.count
        guard leaves > 1 else {
            if leaves == 1 { lengths[symbol[0]] = 1 }
            return lengths
        }
        var heap = MinHeap()
        for node in 0..<leaves { heap.push((weight[node], node)) }
        while heap.count > 1 {
            let a = heap.pop(), b = heap.pop()
            let node = weight.count
            weight.append(a.weight + b.weight)
            parent.append(-1)
            parent[a.node] = node
            parent[b.node] = node
            heap.push((weight[node], node))
        }
        // Depth of each node: a parent always has a higher index than its children.
        var depth = [Int](repeating: 0, count: weight.count)
        for node in stride(from: weight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        for leaf in 0..<leaves { lengths[symbol[leaf]] = depth[leaf] }
        return lengths
    }

    /// The canonical codes of `lengths` (shorter codes first, then by symbol), bit-reversed.
    static func canonicalCodes(_ lengths: [UInt8]) -> [Code] {
        let maximum = Int(lengths.max() ?? 0)
        var countOfLength = [Int](repeating: 0, count: maximum + 1)
        for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: maximum + 2)
        var code = 0
        if maximum > 0 {
            for length in 1...maximum {
                code = (code + countOfLength[length - 1]) << 1
                next[length] = code
            }
        }
        return lengths.map { length in
            guard length > 0 else { return Code(bits: 0, length: 0) }
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed = 0
            for bit in 0..<Int(length) where value >> bit & 1 == 1 { reversed |= 1 << (Int(length) - 1 - bit) }
            return Code(bits: UInt16(reversed), length: length)
        }
    }

    /// A binary min-heap of (weight, node), ties broken by node so results are stable.
    private struct MinHeap {
        private var items: [(weight: Int, node: Int)] = []
        var count: Int { items.count }

        private static func less(_ a: (weight: Int, node: Int), _ b: (weight: Int, node: Int)) -> Bool {
            a.weight != b.weight ? a.weight < b.weight : a.node < b.node
        }

        mutating func push(_ item: (weight: Int, node: Int)) {
            items.append(item)
            var child = items.count - 1
            while child > 0 {
                let up = (child - 1) / 2
                guard Self.less(items[child], items[up]) else { break }
                items.swapAt(child, up)
                child = up
            }
        }

        mutating func pop() -> (weight: Int, node: Int) {
            let top = items[0]
            let last = items.removeLast()
            if !items.isEmpty {
                items[0] = last
                var index = 0
                while true {
                    let left = 2 * index + 1, right = left + 1
                    var smallest = index
                    if left < items.count, Self.less(items[left], items[smallest]) { smallest = left }
                    if right < items.count, Self.less(items[right], items[smallest]) { smallest = right }
                    if smallest == index { break }
                    items.swapAt(index, smallest)
                    index = smallest
                }
            }
            return top
        }
    }
}
