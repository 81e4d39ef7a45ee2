import Dispatch
import Synchronization

extension ParallelWork {
    /// The indices below `count` in the order `precedes` gives, sorted `workers` at a time; indices
    /// that neither precedes keep their order (the sort is stable).
    ///
    /// Each worker sorts a run of its own; runs are then merged two by two, and each merge is cut
    /// into as many pieces as there are workers, each piece merged by one of them: no part of the
    /// sort that grows with `count` is left to one thread. Below `minimumRun` indices per worker,
    /// fewer workers take part (one sorts alone), as a thread costs more than it saves.
    @inlinable
    public static func sortedIndices(
        count: Int, workers: Int, minimumRun: Int = 1024, by precedes: @Sendable (Int, Int) -> Bool
    ) -> [Int] {
        let runs = max(1, min(workers, count / max(minimumRun, 1)))
        var indices = Array(0..<count)
        guard runs > 1 else {
            indices.sort(by: precedes)
            return indices
        }
        var spare = [Int](repeating: 0, count: count)
        indices.withUnsafeMutableBufferPointer { first in
            spare.withUnsafeMutableBufferPointer { second in
                let initial = (0...runs).map { $0 * count / runs }
                let sorting = Places(first)
                DispatchQueue.concurrentPerform(iterations: runs) { run in
                    var part = UnsafeMutableBufferPointer(rebasing: sorting.buffer[initial[run]..<initial[run + 1]])
                    // The standard library's sort is stable: each run keeps its indices' order on ties.
                    part.sort(by: precedes)
                }
                var (from, into) = (Places(first), Places(second))
                var bounds = initial
                while bounds.count > 2 {
                    bounds = merge(from, into: into, runs: bounds, workers: workers, by: precedes)
                    swap(&from, &into)
                }
                // The sorted indices are in `from`: in the first buffer after an even number of rounds.
                if from.buffer.baseAddress != first.baseAddress { _ = first.update(fromContentsOf: from.buffer) }
            }
        }
        return indices
    }

    /// Merges the runs of `from` between `runs` (ascending bounds) two by two into `into`, every
    /// merge in `workers` pieces; the bounds of the merged runs. An odd run out is copied.
    @inlinable
    static func merge(
        _ from: Places<Int>, into: Places<Int>, runs: [Int], workers: Int, by precedes: @Sendable (Int, Int) -> Bool
    ) -> [Int] {
        let last = runs.count - 1
        let pairs = stride(from: 0, to: last, by: 2).map { (start: runs[$0], middle: runs[$0 + 1], end: runs[min($0 + 2, last)]) }
        let pieces = max(1, workers)
        DispatchQueue.concurrentPerform(iterations: pairs.count * pieces) { task in
            let (start, middle, end) = pairs[task / pieces]
            let piece = task % pieces
            let left = UnsafeBufferPointer(rebasing: from.buffer[start..<middle])
            let right = UnsafeBufferPointer(rebasing: from.buffer[middle..<end])
            let total = left.count + right.count
            let (low, high) = (piece * total / pieces, (piece + 1) * total / pieces)
            guard low < high else { return }
            let (i0, i1) = (split(left, right, at: low, by: precedes), split(left, right, at: high, by: precedes))
            var (i, j) = (i0, low - i0)
            let (iEnd, jEnd) = (i1, high - i1)
            var out = start + low
            while i < iEnd && j < jEnd {
                if precedes(right[j], left[i]) {
                    into.buffer[out] = right[j]
                    j += 1
                } else {
                    into.buffer[out] = left[i]
                    i += 1
                }
                out += 1
            }
            while i < iEnd {
                into.buffer[out] = left[i]
                (i, out) = (i + 1, out + 1)
            }
            while j < jEnd {
                into.buffer[out] = right[j]
                (j, out) = (j + 1, out + 1)
            }
        }
        // Every other bound, and the last one whenever that is not among them.
        return stride(from: 0, to: runs.count, by: 2).map { runs[$0] } + (last % 2 == 1 ? [runs[last]] : [])
    }

    /// How many of the first `position` merged indices come from `left` (the rest from `right`),
    /// in a stable merge: an index of `left` goes before an equal one of `right`.
    @inlinable
    static func split(
        _ left: UnsafeBufferPointer<Int>, _ right: UnsafeBufferPointer<Int>, at position: Int, by precedes: (Int, Int) -> Bool
    ) -> Int {
        var (low, high) = (max(0, position - right.count), min(position, left.count))
        while low < high {
            let taken = (low + high) / 2
            // Too few from `left` while its next index goes no later than the last one taken from `right`.
            if !precedes(right[position - taken - 1], left[taken]) {
                low = taken + 1
            } else {
                high = taken
            }
        }
        return low
    }
}
