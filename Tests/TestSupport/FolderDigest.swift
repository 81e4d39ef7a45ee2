import Foundation

/// Every file under a folder and a digest of its bytes, to compare two builds.
public enum FolderDigest {
    /// Relative path → a 64-bit FNV-1a digest of the file's bytes, for every file under `root`
    /// (dot-files included) but those in `skipping`.
    public static func of(_ root: String, skipping: Set<String> = []) -> [String: UInt64] {
        var digests: [String: UInt64] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if skipping.contains(path) { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: root + "/" + path)
            else { continue }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in data {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            digests[path] = hash
        }
        return digests
    }
}
