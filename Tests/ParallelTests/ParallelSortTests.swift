import Parallel
import Testing

/// The parallel sort gives what the standard library's stable sort gives, for any number of
/// workers and runs, ties included.
@Suite struct ParallelSortTests {
    /// Deterministic pseudo-random keys in `0..<range` (few values: many ties).
    static func keys(count: Int, range: Int, seed: UInt64) -> [Int] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(range))
        }
    }

    @Test(arguments: [0, 1, 2, 3, 7, 100, 1_023, 4_096, 10_001])
    func sortsAsTheStableSortDoes(count: Int) {
        for range in [1, 3, 1_000_000] {
            let keys = Self.keys(count: count, range: range, seed: UInt64(count * 31 + range))
            let expected = Array(keys.indices).sorted { keys[$0] < keys[$1] }
            for workers in [1, 2, 3, 4, 5, 8, 16] {
                for minimumRun in [1, 2, 1_024] {
                    let sorted = ParallelWork.sortedIndices(count: count, workers: workers, minimumRun: minimumRun) { keys[$0] < keys[$1] }
                    #expect(sorted == expected, "count \(count), range \(range), \(workers) workers, runs of \(minimumRun)")
                }
            }
        }
    }

    @Test func sortsInPlaceThroughABorrowedBuffer() {
        let words = ["pear", "apple", "fig", "apple", "kiwi", "banana", "fig"]
        let order = words.withUnsafeBufferPointer { buffer in
            let words = ParallelWork.Borrowed(buffer)
            return ParallelWork.sortedIndices(count: buffer.count, workers: 3, minimumRun: 1) { words.buffer[$0] < words.buffer[$1] }
        }
        #expect(order == [1, 3, 5, 2, 6, 4, 0])
    }
}
