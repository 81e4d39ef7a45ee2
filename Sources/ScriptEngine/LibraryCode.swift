import Glibc
import NotebookFiles

/// The pages of a loaded library's machine code that the process holds in memory.
///
/// Code is mapped from the library's file and never written, so pages dropped from the process
/// are read again from the file (most often from the system's cache) if the code runs again:
/// dropping them changes no behaviour, only what the process holds. Writable mappings and
/// read-only data (which holds relocated tables) are never touched.
enum LibraryCode {
    /// Drops from the process the resident pages of the executable mappings of the file that
    /// holds `address` (an address in the library's code); what were dropped, in bytes.
    @discardableResult
    static func drop(containing address: UInt) -> Int {
        guard let maps = FileSystem.processMappings() else { return 0 }
        let mappings = maps.split(separator: UInt8(ascii: "\n")).compactMap(Mapping.init)
        guard let home = mappings.first(where: { $0.range.contains(address) }), home.inode != 0 else { return 0 }
        var dropped = 0
        for mapping in mappings where mapping.file == home.file && mapping.isCode {
            guard let start = UnsafeMutableRawPointer(bitPattern: mapping.range.lowerBound) else { continue }
            let length = Int(mapping.range.upperBound - mapping.range.lowerBound)
            if madvise(start, length, MADV_DONTNEED) == 0 { dropped += length }
        }
        return dropped
    }

    /// A line of `/proc/self/maps`: `start-end perms offset dev inode path`, read in place.
    struct Mapping: Equatable {
        var range: Range<UInt>
        /// Readable and executable, never writable, and private: the file's code as loaded.
        var isCode: Bool
        /// The device (`major:minor`, as two hexadecimal numbers) and inode of the mapped file.
        var file: [UInt]
        /// The mapped file's inode; 0 for memory that is no file's.
        var inode: UInt { file[2] }

        init?(_ line: ArraySlice<UInt8>) {
            var cursor = line.startIndex
            /// The number in `radix` at the cursor, and the cursor past the byte that ends it.
            func number(_ radix: UInt, then end: UInt8) -> UInt? {
                var value: UInt = 0
                var digits = 0
                while cursor < line.endIndex, line[cursor] != end {
                    let byte = line[cursor]
                    let digit: UInt
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt(byte - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt(byte - UInt8(ascii: "a") + 10)
                    default: return nil
                    }
                    let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
                    guard !overflow else { return nil }
                    value = shifted + digit
                    digits += 1
                    cursor += 1
                }
                guard digits > 0, cursor < line.endIndex || end == UInt8(ascii: "\n") else { return nil }
                cursor += 1
                return value
            }
            let space = UInt8(ascii: " ")
            guard let start = number(16, then: UInt8(ascii: "-")), let end = number(16, then: space), start < end,
                line.endIndex - cursor > 5, line[cursor + 4] == space
            else { return nil }
            let perms = line[cursor..<cursor + 4]
            cursor += 5
            guard number(16, then: space) != nil, let major = number(16, then: UInt8(ascii: ":")), let minor = number(16, then: space),
                let inode = number(10, then: cursor < line.endIndex && line[cursor...].contains(space) ? space : UInt8(ascii: "\n"))
            else { return nil }
            range = start..<end
            isCode = perms.elementsEqual("r-xp".utf8)
            file = [major, minor, inode]
        }
    }
}
