/// What the server knows of the latest build, given by the app after each build.
public struct BuildStatus: Sendable, Equatable {
    /// Increases by one with every build, good or failed.
    public var generation: Int
    /// A full HTML page with the build's diagnostics when the build failed; nil when it succeeded.
    public var failurePage: String?
    /// A JSON object describing the build (what was rebuilt), served as-is at /_notebook/build.
    public var reportJSON: String

    /// A status for build number `generation`; a failed build carries its `failurePage`.
    public init(generation: Int, failurePage: String? = nil, reportJSON: String = "{}") {
        self.generation = generation
        self.failurePage = failurePage
        self.reportJSON = reportJSON
    }
}
