import Parallel
import Synchronization
import Testing

/// Maps give every result in order, whatever the number of workers; the work done alongside is
/// done once, its result given back with theirs.
@Suite struct ParallelWorkTests {
    @Test(arguments: [0, 1, 2, 7, 5_000])
    func mapsInOrderWithWorkAlongside(count: Int) {
        for workers in [1, 2, 3, 8] {
            let runs = Atomic<Int>(0)
            let (results, alongside) = ParallelWork.map(count: count, workers: workers, alongside: { () -> String in
                runs.add(1, ordering: .relaxed)
                return "layout"
            }) { $0 * 2 }
            #expect(results == (0..<count).map { $0 * 2 })
            #expect(alongside == "layout")
            #expect(runs.load(ordering: .relaxed) == 1)
        }
    }

    @Test func mapsUpdatingEachItemOnceInPlace() {
        var items = (0..<5_000).map { [$0] }
        let (before, total) = ParallelWork.map(updating: &items, workers: 4, alongside: { 42 }) { index, item -> Int in
            // What a worker takes out of an item is left empty in its place.
            defer { item = [] }
            return item[0] + index
        }
        #expect(before == (0..<5_000).map { $0 * 2 })
        #expect(total == 42)
        #expect(items.allSatisfy { $0.isEmpty })
        var numbers = Array(0..<100)
        let taken = ParallelWork.map(updating: &numbers, workers: 3) { number -> Int in
            defer { number = -number }
            return number
        }
        #expect(taken == Array(0..<100))
        #expect(numbers == (0..<100).map { -$0 })
        var none: [Int] = []
        let nothing = ParallelWork.map(updating: &none, workers: 4) { $0 }
        #expect(nothing.isEmpty)
    }
}
