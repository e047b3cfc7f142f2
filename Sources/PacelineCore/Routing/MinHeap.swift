/// A binary min-heap of junctions keyed by a cost, for `RoutingGraph`'s A* search: an
/// entry whose junction has since been reached more cheaply stays in and is skipped when
/// it comes out (`cost` says what it was pushed with).
struct MinHeap {
    struct Entry {
        var key: Double
        var junction: Int32
        var cost: Double
    }
    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var minimumKey: Double { entries.first?.key ?? .infinity }

    /// - Complexity: O(log n).
    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].key < entries[parent].key else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// - Complexity: O(log n).
    mutating func pop() -> Entry? {
        guard let top = entries.first else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return top }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].key < entries[smallest].key { smallest = left }
            if right < entries.count, entries[right].key < entries[smallest].key { smallest = right }
            if smallest == parent { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
