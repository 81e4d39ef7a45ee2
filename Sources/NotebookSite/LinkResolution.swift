import Foundation
import NotebookModel

/// The "resolve links" step: wikilinks, relative links to notes' files and to files beside the
/// notes become site URLs, broken ones are diagnostics at their place, and backlinks are counted.
public struct LinkResolution: Sendable {
    /// The notes with their links rewritten.
    public var notes: [SiteNote]
    /// For each note, the indices of the notes that link to it, in site order.
    public var backlinks: [[Int]]
    public var diagnostics: [Diagnostic]

    /// `knownPaths` are the site's own pages and files that root-relative links (`/tags/x/`)
    /// may name besides notes and the files beside them.
    public init(notes: [SiteNote], files: [String], knownPaths: Set<String> = [], urls: SiteURLs, strict: Bool) {
        let index = LinkIndex(notes: notes, files: files)
        // Each note is resolved on its own, in parallel; results are gathered in note order.
        let results = ParallelWork.map(count: notes.count, workers: ProcessInfo.processInfo.activeProcessorCount) { source in
            var walk = Walk(index: index, notes: notes, source: source, urls: urls, strict: strict, knownPaths: knownPaths)
            let blocks = Block.rewritingInlines(notes[source].note.blocks) { content, near in
                walk.near = near
                return walk.inlines(content)
            }
            return (blocks: blocks, targets: walk.targets, diagnostics: walk.diagnostics)
        }
        var rewritten = notes
        var linked: [Set<Int>] = Array(repeating: [], count: notes.count)
        var diagnostics: [Diagnostic] = []
        for (source, result) in results.enumerated() {
            rewritten[source].note.blocks = result.blocks
            for target in result.targets where target != source { linked[target].insert(source) }
            diagnostics += result.diagnostics
        }
        self.notes = rewritten
        self.backlinks = linked.map { $0.sorted() }
        self.diagnostics = diagnostics
    }

    private struct Walk {
        let index: LinkIndex
        let notes: [SiteNote]
        let source: Int
        let urls: SiteURLs
        let strict: Bool
        let knownPaths: Set<String>
        var targets: Set<Int> = []
        var diagnostics: [Diagnostic] = []
        var near: SourceLocation?

        init(index: LinkIndex, notes: [SiteNote], source: Int, urls: SiteURLs, strict: Bool, knownPaths: Set<String>) {
            self.knownPaths = knownPaths
            self.index = index
            self.notes = notes
            self.source = source
            self.urls = urls
            self.strict = strict
        }

        mutating func inlines(_ content: [Inline]) -> [Inline] {
            content.map { inline in
                var inline = inline
                let at = inline.location ?? near
                switch inline.kind {
                case .span(var formatting, let children):
                    if var wikilink = formatting.wikilink {
                        wikilink.url = url(index.resolve(wikilink, from: source), at: at, what: "wikilink [[\(wikilink.target)\(wikilink.heading.map { "#" + $0 } ?? "")]]")
                        formatting.wikilink = wikilink
                    }
                    if var link = formatting.link,
                        let resolved = index.resolve(relative: link.destination, from: source)
                            ?? index.resolve(rooted: link.destination, knownPaths: knownPaths)
                    {
                        link.destination = url(resolved, at: at, what: "link '\(link.destination)'") ?? link.destination
                        formatting.link = link
                    }
                    inline.kind = .span(formatting, inlines(children))
                case .image(var image):
                    let resolved = image.isEmbed
                        ? index.resolve(WikiLink(target: image.source), from: source)
                        : index.resolve(relative: image.source, from: source)
                            ?? index.resolve(rooted: image.source, knownPaths: knownPaths)
                    if let resolved, let url = url(resolved, at: at, what: "image '\(image.source)'") {
                        image.source = url
                    }
                    image.alternative = inlines(image.alternative)
                    inline.kind = .image(image)
                case .text(let text):
                    // libcmark-gfm leaves a reference to a footnote that is not defined as text.
                    for label in Self.footnoteReferences(in: text) {
                        report(BrokenLink(reason: "no footnote [^\(label)] is defined"), at: at, what: "footnote [^\(label)]")
                    }
                case .softBreak, .lineBreak:
                    break
                }
                return inline
            }
        }

        /// The site URL of a resolved link, recording the target; a diagnostic when broken.
        mutating func url(_ resolution: Result<LinkIndex.Target, BrokenLink>, at: SourceLocation?, what: String) -> String? {
            switch resolution {
            case .success(.note(let target, let anchor)):
                targets.insert(target)
                let page = target == source && anchor != nil ? "" : urls.link(notes[target].url)
                return page + (anchor.map { "#" + $0 } ?? "")
            case .success(.file(let path)):
                return urls.link(SiteURLs.filePath(path))
            case .success(.sitePath(let path)):
                return urls.link(path)
            case .failure(let broken):
                report(broken, at: at, what: what)
                return nil
            }
        }

        mutating func report(_ broken: BrokenLink, at: SourceLocation?, what: String) {
            diagnostics.append(
                Diagnostic(
                    strict ? .error : .warning, "broken \(what): \(broken.reason)", path: notes[source].path, at: at,
                    code: "link.broken"))
        }

        /// The labels of `[^label]` in text.
        static func footnoteReferences(in text: String) -> [String] {
            guard text.contains("[^") else { return [] }
            var labels: [String] = []
            var rest = Substring(text)
            while let open = rest.range(of: "[^") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: "]") else { break }
                let label = after[..<close]
                if !label.isEmpty, label.count <= 100, !label.contains(where: { $0.isWhitespace || $0 == "[" }) {
                    labels.append(String(label))
                }
                rest = after[close...]
            }
            return labels
        }
    }
}
