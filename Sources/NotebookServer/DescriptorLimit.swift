import Foundation

/// The process's limit on open file descriptors, which bounds how many connections a server can
/// hold: each takes a socket, and one more descriptor while it sends a file.
enum DescriptorLimit {
    /// The most connections a server takes, whatever the limit.
    static let connectionCeiling: UInt32 = 10_000
    /// Descriptors kept for the rest of the process (the watcher, the build, libraries).
    static let reserve: rlim_t = 256

    /// Raises the soft limit toward the hard one (up to `ceiling`), as the usual soft limit of
    /// 1,024 is too few for a thousand connections; the soft limit now in force.
    static func raise(toward ceiling: rlim_t = 65_536) -> rlim_t {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, ceiling)
        guard limit.rlim_cur < wanted else { return limit.rlim_cur }
        var raised = limit
        raised.rlim_cur = wanted
        return setrlimit(resource, &raised) == 0 ? wanted : limit.rlim_cur
    }

    /// How many connections fit in `descriptors`: two descriptors each (the socket and a file
    /// being sent), past the reserve, and at most `connectionCeiling`.
    static func connections(for descriptors: rlim_t) -> UInt32 {
        let usable = descriptors > reserve * 2 ? (descriptors - reserve) / 2 : descriptors / 4
        return UInt32(min(rlim_t(connectionCeiling), max(usable, 16)))
    }
}
