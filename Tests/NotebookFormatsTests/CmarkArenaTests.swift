import CCmarkArena
import CCmarkGFM
import Foundation
import Synchronization
import Testing

@testable import NotebookFormats

/// The arena libcmark-gfm allocates from while a note is parsed (`CCmarkArena`): what it hands
/// out keeps its bytes through growth and across its chunks, and arenas stack and end per thread.
@Suite struct CmarkArenaTests {
    /// Fills `count` bytes at `pointer` with a pattern of `seed`.
    private func fill(_ pointer: UnsafeMutableRawPointer, _ count: Int, seed: Int) {
        let bytes = pointer.assumingMemoryBound(to: UInt8.self)
        for index in 0..<count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ seed) }
    }

    /// Whether the `count` bytes at `pointer` still hold the pattern of `seed`.
    private func holds(_ pointer: UnsafeMutableRawPointer, _ count: Int, seed: Int) -> Bool {
        let bytes = pointer.assumingMemoryBound(to: UInt8.self)
        return (0..<count).allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
    }

    @Test func blocksAreZeroedAlignedAndKeepTheirBytesThroughGrowth() throws {
        let memory = notebook_cmark_arena_begin()!.pointee
        defer { notebook_cmark_arena_end() }
        var blocks: [(pointer: UnsafeMutableRawPointer, size: Int, seed: Int)] = []
        var generator = SystemRandomNumberGenerator()
        // Far more than the first chunk holds, with a block larger than any chunk among them.
        for seed in 0..<3000 {
            let size = seed == 1500 ? 200_000 : Int.random(in: 1...1500, using: &generator)
            let pointer = try #require(memory.calloc(1, size))
            #expect(Int(bitPattern: pointer) % 16 == 0)
            #expect(UnsafeRawBufferPointer(start: pointer, count: size).allSatisfy { $0 == 0 })
            fill(pointer, size, seed: seed)
            blocks.append((pointer, size, seed))
            // Every tenth block grows at once (in place while its chunk has room: it is the
            // newest) and every 25th an older one grows (it moves), as libcmark-gfm's buffers do.
            if seed % 10 == 0 {
                let grown = size * 3 + 17
                let moved = try #require(memory.realloc(pointer, grown))
                #expect(holds(moved, size, seed: seed))
                fill(moved, grown, seed: seed)
                blocks[blocks.count - 1] = (moved, grown, seed)
            }
            if seed % 25 == 24 {
                let old = blocks[seed / 2]
                let moved = try #require(memory.realloc(old.pointer, old.size + 1000))
                #expect(holds(moved, old.size, seed: old.seed))
                fill(moved, old.size + 1000, seed: old.seed)
                blocks[seed / 2] = (moved, old.size + 1000, old.seed)
            }
            // Every seventh, a block is freed (and may be handed out again).
            if seed % 7 == 6 {
                let gone = blocks.remove(at: Int.random(in: 0..<blocks.count, using: &generator))
                memory.free(gone.pointer)
            }
        }
        #expect(blocks.allSatisfy { holds($0.pointer, $0.size, seed: $0.seed) })
        // A shrink keeps the block; a realloc of nothing is a new block.
        let last = blocks[blocks.count - 1]
        #expect(memory.realloc(last.pointer, 1) == last.pointer)
        #expect(memory.realloc(nil, 8) != nil)
        #expect(notebook_cmark_arena_used() > 200_000)
    }

    @Test func aFreedBlockIsHandedOutAgain() throws {
        let memory = notebook_cmark_arena_begin()!.pointee
        defer { notebook_cmark_arena_end() }
        // A small block, for the next block of its size, zeroed again.
        let small = try #require(memory.calloc(1, 40))
        _ = memory.calloc(1, 8)
        fill(small, 40, seed: 1)
        memory.free(small)
        let used = notebook_cmark_arena_used()
        let again = try #require(memory.calloc(3, 15))
        #expect(again == small && notebook_cmark_arena_used() == used)
        #expect(UnsafeRawBufferPointer(start: again, count: 45).allSatisfy { $0 == 0 })
        // A large block only when it is the newest: its room is taken back.
        let large = try #require(memory.calloc(1, 5000))
        memory.free(large)
        #expect(notebook_cmark_arena_used() == used)
        // A block that moves as it grows leaves its old place for another.
        let growing = try #require(memory.calloc(1, 64))
        _ = memory.calloc(1, 8)
        let moved = try #require(memory.realloc(growing, 2000))
        #expect(moved != growing)
        #expect(memory.calloc(1, 64) == growing)
    }

    @Test func theNewestBlockGrowsInPlaceWhileItsChunkHasRoom() throws {
        let memory = notebook_cmark_arena_begin()!.pointee
        defer { notebook_cmark_arena_end() }
        let older = try #require(memory.calloc(1, 100))
        let newest = try #require(memory.calloc(1, 100))
        fill(newest, 100, seed: 7)
        #expect(memory.realloc(newest, 4000) == newest)
        #expect(holds(newest, 100, seed: 7))
        #expect(notebook_cmark_arena_used() == 16 + 112 + 16 + 4000)
        // An older block moves, its bytes with it.
        fill(older, 100, seed: 3)
        let moved = try #require(memory.realloc(older, 200))
        #expect(moved != older && holds(moved, 100, seed: 3))
        // Past the first chunk's room, the newest block moves to a chunk of its own.
        let large = try #require(memory.realloc(moved, 100_000))
        #expect(large != moved && holds(large, 100, seed: 3))
    }

    @Test func oneArenaAtATimeOnAThreadAndEachThreadHasItsOwn() {
        #expect(notebook_cmark_arena_used() == 0)
        let memory = notebook_cmark_arena_begin()!.pointee
        _ = memory.calloc(1, 100)
        // A second arena would take this one's allocations: there is none while it is open.
        #expect(notebook_cmark_arena_begin() == nil)
        #expect(notebook_cmark_arena_used() == 16 + 112)
        // Another thread sees none of this thread's arena, and has its own.
        let seen = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            guard let memory = notebook_cmark_arena_begin()?.pointee else {
                // The calling thread may run some of the iterations itself.
                seen.withLock { $0 += [-1, -1] }
                return
            }
            let before = notebook_cmark_arena_used()
            _ = memory.calloc(10, 10)
            let during = notebook_cmark_arena_used()
            notebook_cmark_arena_end()
            seen.withLock { $0 += [before, during] }
        }
        notebook_cmark_arena_end()
        #expect(notebook_cmark_arena_used() == 0)
        let values = seen.withLock { $0 }
        #expect(values.count == 8)
        #expect(stride(from: 0, to: values.count, by: 2).allSatisfy { values[$0] == -1 || (values[$0] == 0 && values[$0 + 1] == 16 + 112) })
    }

    @Test func aParseInsideAParseLeavesTheOuterTreeWhole() throws {
        // The inner parse uses the library's allocator: the outer tree, read after it (a node's
        // literal is made when first asked for), is still in the outer arena.
        let outer = try CmarkParser.withDocument(Array("outer *text* here\n".utf8)) { document, _ -> String? in
            let used = notebook_cmark_arena_used()
            let inner = MarkdownReader().read("inner **bold** text", path: "b.md").note.blocks
            #expect(inner.count == 1)
            #expect(notebook_cmark_arena_used() == used)
            let paragraph = try #require(cmark_node_first_child(document))
            let text = try #require(cmark_node_first_child(paragraph))
            return String(cString: try #require(cmark_node_get_literal(text)))
        }
        #expect(outer == "outer ")
        #expect(notebook_cmark_arena_used() == 0)
    }

    @Test func aNoteReadsTheSameInAnArenaAndPastItsLimit() {
        // The reference renderer parses with the library's own allocator; the model's HTML of the
        // same text, parsed in the arena, is compared with it across both specs by the conformance
        // suite. Here: a note that takes several chunks, and one past the arena's limit (parsed
        // with the library's allocator), read the same where they are the same text.
        let paragraph = "Some **bold** and ~~struck~~ text with a [link](https://example.org) and `code`.\n\n"
        let small = String(repeating: paragraph, count: 400)
        let large = String(repeating: paragraph, count: CmarkParser.arenaLimit / paragraph.utf8.count + 10)
        #expect(small.utf8.count < CmarkParser.arenaLimit && large.utf8.count > CmarkParser.arenaLimit)
        let reader = MarkdownReader()
        let first = reader.read(small, path: "a.md").note.blocks
        #expect(first.count == 400)
        #expect(reader.read(small, path: "a.md").note.blocks == first)
        let whole = reader.read(large, path: "a.md").note.blocks
        #expect(whole.count > 3000 && Array(whole.prefix(400)) == first)
        #expect(notebook_cmark_arena_used() == 0)
    }
}
