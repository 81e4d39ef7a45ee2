import Synchronization

/// How large a template's renders have come out: the room a render starts with, so that a site's
/// pages (each rendered into a buffer of its own) are not copied as the buffer grows. A template
/// rendered for thousands of pages of about the same size grows none after the first few.
final class OutputSizeHint: Sendable {
    private let largest = Atomic<Int>(0)

    /// The room for the next render: the largest render so far, or `fallback` before any.
    func capacity(fallback: Int) -> Int {
        max(largest.load(ordering: .relaxed), fallback)
    }

    /// Notes a render of `size` bytes.
    func note(_ size: Int) {
        var seen = largest.load(ordering: .relaxed)
        while size > seen {
            let (exchanged, original) = largest.compareExchange(expected: seen, desired: size, ordering: .relaxed)
            if exchanged { return }
            seen = original
        }
    }
}
