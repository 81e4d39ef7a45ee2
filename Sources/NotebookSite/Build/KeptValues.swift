import Synchronization

/// Values made on first use and kept, by key, for the pages of one plan: a note's card is in the
/// index and in each of its tags' lists, and an explorer on every page of a group of notes. Two
/// threads may make the same value at once: it is the same value, and either is kept.
final class KeptValues<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let made = Mutex<[Key: Value]>([:])

    init() {}

    /// The value of `key`, made with `make` the first time.
    func value(_ key: Key, make: () -> Value) -> Value {
        values([key]) { _ in make() }[0]
    }

    /// The values of `keys`, making those not made yet with `make`; one lock for all to find
    /// them, one to keep the new ones.
    func values(_ keys: [Key], make: (Key) -> Value) -> [Value] {
        var found = made.withLock { made in keys.map { made[$0] } }
        var new: [(key: Key, value: Value)] = []
        for position in found.indices where found[position] == nil {
            let value = make(keys[position])
            found[position] = value
            new.append((keys[position], value))
        }
        if !new.isEmpty { made.withLock { made in for (key, value) in new { made[key] = value } } }
        return found.map { $0! }
    }
}
