/// Note indices by a key, ascending: most keys name one note, which is held without a list of
/// its own (a list per key cost an allocation for every note, on the thread that builds the
/// link index, and another to free it).
struct IndexTable: Sendable {
    private var first: [String: Int] = [:]
    /// The indices after the first, for the keys that name several notes.
    private var more: [String: [Int]] = [:]

    init(minimumCapacity: Int = 0) {
        first.reserveCapacity(minimumCapacity)
    }

    /// The indices `key` names, ascending; nil when it names none.
    subscript(key: String) -> [Int]? {
        guard let index = first[key] else { return nil }
        guard let others = more[key] else { return [index] }
        return [index] + others
    }

    /// The first (lowest) index `key` names.
    func first(_ key: String) -> Int? {
        first[key]
    }

    /// Adds `index`, which is greater than every index `key` names already.
    mutating func append(_ index: Int, for key: String) {
        // One lookup for a new key (nearly every key); a repeated key gets its first index back.
        if let earlier = first.updateValue(index, forKey: key) {
            first[key] = earlier
            more[key, default: []].append(index)
        }
    }

    /// Adds `index` where it belongs among the indices of `key`.
    mutating func insert(_ index: Int, for key: String) {
        var indices = self[key] ?? []
        guard !indices.contains(index) else { return }
        indices.insert(index, at: indices.firstIndex { $0 > index } ?? indices.endIndex)
        set(indices, for: key)
    }

    /// Removes `index` from the indices of `key`.
    mutating func remove(_ index: Int, for key: String) {
        guard var indices = self[key] else { return }
        indices.removeAll { $0 == index }
        set(indices, for: key)
    }

    private mutating func set(_ indices: [Int], for key: String) {
        first[key] = indices.first
        more[key] = indices.count > 1 ? Array(indices.dropFirst()) : nil
    }
}
