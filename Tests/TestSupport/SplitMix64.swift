/// SplitMix64: a small, fixed-seed generator, so "random" test inputs are the same on every run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`, the next value modulo `bound`.
    public mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// `count` bytes, eight from each value, little-endian.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count {
            withUnsafeBytes(of: next().littleEndian) { out.append(contentsOf: $0) }
        }
        return Array(out.prefix(count))
    }
}
