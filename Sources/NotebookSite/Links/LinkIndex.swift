import Foundation
import NotebookFiles
import NotebookModel
import Parallel

/// Finds what a wikilink or a relative link names: a note (and a heading in it) or a file.
///
/// A wikilink's target matches, in order: a note's title (case-insensitive), its path under the
/// notes folder without extension, its file name without extension, its slug. When several notes
/// match, the link leads where Obsidian's would: to the one in the nearest folder to the linking
/// note, then the one with the shortest path (``candidates(for:)`` names them all).
struct LinkIndex: Sendable {
    private var notes: [SiteNote]
    private var byTitle = IndexTable()
    private var byPath = IndexTable()
    private var byName = IndexTable()
    private var bySlug = IndexTable()
    private var byURL = IndexTable()
    /// Files that are not notes (images, PDFs), by relative path, and by file name (lowercased).
    private var files: Set<String> = []
    private var filesByName: [String: [String]] = [:]
    /// The site's assets (`/assets/…` paths), by file name (lowercased), for embeds.
    private var assetsByName: [String: [String]] = [:]
    /// The folders with pages: their URLs by path under the notes folder and by name, lowercased.
    private var foldersByPath: [String: String] = [:]
    private var foldersByName: [String: [String]] = [:]

    /// What a link leads to.
    public enum Target: Hashable, Sendable {
        /// The note at this index of the site's notes, with a heading's id when one was named.
        case note(Int, anchor: String?)
        /// A file beside the notes, by its path relative to the notes folder.
        case file(String)
        /// One of the site's own pages or files, by its site path, with any fragment.
        case sitePath(String)
    }

    public init(notes: [SiteNote], files: [String], assets: [String] = [], workers: Int = ParallelWork.processorCount) {
        self = Self.make(notes: notes, files: files, assets: assets, workers: workers) {}.index
    }

    /// The index of `notes`, and what `alongside` gives: the same workers do it while they make
    /// the tables, each table and `alongside` by one worker (20,000 notes take tens of
    /// milliseconds a table), `alongside` first.
    static func make<Alongside: Sendable>(
        notes: [SiteNote], files: [String], assets: [String] = [], workers: Int = ParallelWork.processorCount,
        alongside: @escaping @Sendable () -> Alongside
    ) -> (index: LinkIndex, alongside: Alongside) {
        let keys: [@Sendable (SiteNote) -> String] = [
            { $0.linkKeys.title }, { $0.linkKeys.path }, { $0.linkKeys.name }, { $0.linkKeys.slug }, { $0.url },
        ]
        let parts = ParallelWork.map(count: keys.count + 1, workers: workers) { task -> (table: IndexTable?, other: Alongside?) in
            guard task > 0 else { return (nil, alongside()) }
            var made = IndexTable(minimumCapacity: notes.count)
            for index in notes.indices {
                made.append(index, for: keys[task - 1](notes[index]))
                // Names among a note's aliases rank with titles.
                if task == 1 { for alias in notes[index].linkKeys.aliases { made.append(index, for: alias) } }
            }
            return (made, nil)
        }
        let (tables, other) = (parts.dropFirst().map { $0.table! }, parts[0].other!)
        return (LinkIndex(notes: notes, files: files, assets: assets, tables: tables), other)
    }

    private init(notes: [SiteNote], files: [String], assets: [String], tables: [IndexTable]) {
        self.notes = notes
        (byTitle, byPath, byName, bySlug, byURL) = (tables[0], tables[1], tables[2], tables[3], tables[4])
        func name(_ path: String) -> String { (PathSegments.last(of: path).map(String.init) ?? path).lowercased() }
        for file in files {
            self.files.insert(file)
            filesByName[name(file), default: []].append(file)
        }
        for asset in assets { assetsByName[name(asset), default: []].append("/assets/" + asset) }
    }

    /// This index with the site's folders (``SiteFolders``), which relative links, root links
    /// and wikilinks may name.
    func with(_ folders: SiteFolders) -> LinkIndex {
        var index = self
        for folder in folders.byURL.values.sorted(by: { $0.path < $1.path }) {
            index.foldersByPath[folder.path.lowercased()] = folder.url
            index.foldersByName[folder.name.lowercased(), default: []].append(folder.url)
        }
        return index
    }

    /// The index of `notes`, the same notes in the same places as this index's but for the titles
    /// of the notes at `changed`.
    func retitling(_ notes: [SiteNote], changed: [Int]) -> LinkIndex {
        var index = self
        index.notes = notes
        for changed in changed {
            let (old, new) = (self.notes[changed].linkKeys, notes[changed].linkKeys)
            assert(old.path == new.path && old.name == new.name && old.slug == new.slug && self.notes[changed].url == notes[changed].url)
            guard old.title != new.title else { continue }
            assert(old.aliases == new.aliases.filter { $0 != old.title } || new.aliases == old.aliases.filter { $0 != new.title })
            // An alias that is the old title stays a name of the note.
            if !notes[changed].metadata.aliases.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == old.title }) {
                index.byTitle.remove(changed, for: old.title)
            }
            index.byTitle.insert(changed, for: new.title)
        }
        return index
    }

    /// Aliases that name more than one note (by title or alias): a warning at the alias, naming
    /// the others; once for an alias that several notes give, at the first of them.
    func ambiguousAliases() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for index in notes.indices {
            for alias in notes[index].linkKeys.aliases {
                guard let named = byTitle[alias], named.count > 1,
                    !named.contains(where: { $0 < index && notes[$0].linkKeys.aliases.contains(alias) })
                else { continue }
                let others = named.filter { $0 != index }.map { "'\(notes[$0].relativePath)'" }.joined(separator: ", ")
                let written = notes[index].metadata.aliases.first { $0.trimmingCharacters(in: .whitespaces).lowercased() == alias } ?? alias
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "alias '\(written)' also names \(others); [[\(written)]] leads to a note of that title, else to the nearest",
                        path: notes[index].path, at: notes[index].location(ofAlias: written), code: "alias.ambiguous"))
            }
        }
        return diagnostics
    }

    /// The notes a wikilink target names, at the first kind of key that any note matches, in
    /// the site's order.
    public func candidates(for target: String) -> [Int] {
        let key = target.lowercased()
        let stem = Self.withoutExtension(key)
        if let named = byTitle[key] {
            // A note of that title before those with that alias, which `ambiguousAliases` reports.
            guard named.count > 1 else { return named }
            let titled = named.filter { notes[$0].linkKeys.title == key }
            return titled.isEmpty ? named : titled
        }
        return byPath.first(stem).map { [$0] } ?? byName[stem] ?? bySlug[Slug.make(target)] ?? []
    }

    /// The notes a wikilink target names by path or file name when titles or aliases outrank
    /// them (``candidates(for:)``): the link leads to a note of that title or alias, not to
    /// the file that Obsidian would open.
    func outranked(for target: String) -> [Int] {
        let key = target.lowercased()
        guard let named = byTitle[key] else { return [] }
        let stem = Self.withoutExtension(key)
        let files = byPath.first(stem).map { [$0] } ?? byName[stem] ?? []
        return files.filter { !named.contains($0) }
    }

    /// The note a wikilink target names from note `source`, if any: of several, the nearest.
    public func note(named target: String, from source: Int) -> Int? {
        nearest(candidates(for: target), from: source)
    }

    /// Of the notes `found`, the one Obsidian takes for a link from note `source`: in the nearest
    /// folder to it, then with the shortest path.
    private func nearest(_ found: [Int], from source: Int) -> Int? {
        guard found.count > 1 else { return found.first }
        let folder = Self.folders(of: notes[source].relativePath)
        return found.min { a, b in
            let (pathA, pathB) = (Self.folders(of: notes[a].relativePath), Self.folders(of: notes[b].relativePath))
            let (nearA, nearB) = (Self.shared(folder, pathA), Self.shared(folder, pathB))
            if nearA != nearB { return nearA > nearB }
            if pathA.count != pathB.count { return pathA.count < pathB.count }
            return notes[a].relativePath.count != notes[b].relativePath.count
                ? notes[a].relativePath.count < notes[b].relativePath.count : a < b
        }
    }

    /// The folders a relative path lies in, outermost first.
    private static func folders(of path: String) -> [Substring] {
        Array(PathSegments.of(path).dropLast())
    }

    /// How many leading folders two lists share.
    private static func shared(_ a: [Substring], _ b: [Substring]) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }

    /// `path` (already decoded) from the folder of note `source`, as a path from the notes' root;
    /// nil when it climbs out of the notes.
    private func path(_ path: String, fromFolderOf source: Int) -> String? {
        Self.normalize(Self.folders(of: notes[source].relativePath).map(String.init) + PathSegments.of(path).map(String.init))
    }

    /// Whether a wikilink target is a path from the linking note's folder (`./Plan`,
    /// `../Beta/Plan`), as Obsidian writes links with its "relative path to file" setting.
    static func isPathFromNote(_ target: String) -> Bool {
        target.hasPrefix("./") || target.hasPrefix("../") || target == "." || target == ".."
    }

    /// What a wikilink leads to, or a reason it leads nowhere.
    public func resolve(_ link: WikiLink, from source: Int) -> Result<Target, BrokenLink> {
        if link.target.isEmpty {
            return anchor(link.heading, in: source).map { .note(source, anchor: $0) }
        }
        if Self.isPathFromNote(link.target) { return resolve(pathFromNote: link, from: source) }
        if let index = note(named: link.target, from: source) {
            return anchor(link.heading, in: index).map { .note(index, anchor: $0) }
        }
        if let file = filesByName[link.target.lowercased()]?.first ?? (files.contains(link.target) ? link.target : nil) {
            return .success(.file(file))
        }
        // `[[advanced]]`: a folder's page, by its path or its name.
        let folderKey = link.target.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        if link.heading == nil, let url = foldersByPath[folderKey] ?? foldersByName[folderKey]?.first {
            return .success(.sitePath(url))
        }
        return .failure(BrokenLink(reason: "no note or file named '\(link.target)'"))
    }

    /// What a wikilink whose target is a path from the note's folder leads to: the note at that
    /// path (with or without its extension), a file, or a folder's page; never a note found by
    /// its name elsewhere.
    private func resolve(pathFromNote link: WikiLink, from source: Int) -> Result<Target, BrokenLink> {
        guard let path = path(link.target, fromFolderOf: source) else {
            return .failure(BrokenLink(reason: "'\(link.target)' leads outside the notes", leadsNowhere: false))
        }
        if !path.isEmpty, let index = byPath.first(Self.withoutExtension(path.lowercased())) {
            return anchor(link.heading, in: index).map { .note(index, anchor: $0) }
        }
        if files.contains(path) { return .success(.file(path)) }
        if link.heading == nil, let url = path.isEmpty ? "/" : foldersByPath[path.lowercased()] {
            // A page a note introduces is that note's.
            return .success(byURL.first(url).map { .note($0, anchor: nil) } ?? .sitePath(url))
        }
        return .failure(BrokenLink(reason: "no note or file at '\(path)' (the link's path is from the note's folder)"))
    }

    /// What an embedded file (`![[pic.png]]`) leads to, where Obsidian finds it: beside the note,
    /// by its path from the notes' root, then by its name among the notes' files and the site's
    /// assets. Of several files of that name, the nearest to the note; `ambiguous` names them all.
    public func resolve(embedded name: String, from source: Int) -> (target: Result<Target, BrokenLink>, ambiguous: [String]?) {
        // Where a document opens (`paper.pdf#page=3`) is no part of its name.
        let decoded = Self.percentDecoded(String(name[..<(name.firstIndex(of: "#") ?? name.endIndex)]))
        let folder = Self.folders(of: notes[source].relativePath).map(String.init)
        let segments = PathSegments.of(decoded).map(String.init)
        for path in [Self.normalize(folder + segments), Self.normalize(segments)] {
            if let path, files.contains(path) { return (.success(.file(path)), nil) }
        }
        let key = (segments.last ?? decoded).lowercased()
        let found = (filesByName[key] ?? []) + (assetsByName[key] ?? [])
        guard let first = found.first else {
            return (.failure(BrokenLink(reason: "no file named '\(name)' beside the note, in the notes or in assets/")), nil)
        }
        func target(_ path: String) -> Target { path.hasPrefix("/") ? .sitePath(SiteURLs.urlPath(path)) : .file(path) }
        guard found.count > 1 else { return (.success(target(first)), nil) }
        let here = Self.folders(of: notes[source].relativePath)
        func nearness(_ path: String) -> Int { path.hasPrefix("/") ? 0 : Self.shared(here, Self.folders(of: path)) }
        let nearest = found.min { a, b in
            let (nearA, nearB) = (nearness(a), nearness(b))
            return nearA != nearB ? nearA > nearB : a.count < b.count
        } ?? first
        // Named as the wikilinks' candidates are, from the notes' root (which is the site's own
        // folder in a vault without `notes/`); an asset from the site's.
        return (.success(target(nearest)), found.map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 })
    }

    /// What a relative link from a note leads to: a note's file (`../cooking/pancakes.md`,
    /// with an optional `#heading`) or a file beside the notes; nil for a link that is not relative.
    public func resolve(relative destination: String, from source: Int) -> Result<Target, BrokenLink>? {
        guard !destination.isEmpty, LinkIndex.isRelative(destination) else { return nil }
        let (path, fragment) = Self.pathAndFragment(destination)
        if path.isEmpty {
            guard let fragment, !fragment.isEmpty else { return nil }
            return anchor(Self.percentDecoded(fragment), in: source, byID: true).map { .note(source, anchor: $0) }
        }
        // Beside the note first; then, as Obsidian finds a Markdown link's file (its "shortest
        // path" links, `[y](Top.md)` from a subfolder), by its path from the notes' root, then by
        // its name, the nearest of that name.
        let decoded = Self.percentDecoded(path)
        guard let joined = self.path(decoded, fromFolderOf: source) else {
            return .failure(BrokenLink(reason: "'\(destination)' leads outside the notes", leadsNowhere: false))
        }
        if NoteLoader.Format(path: joined) != nil {
            if let index = note(at: joined, written: decoded, from: source) {
                return anchor(fragment.map(Self.percentDecoded), in: index, byID: true).map { .note(index, anchor: $0) }
            }
            // A JSON file that holds data is a file beside the notes (`NoteDiscovery`).
            guard files.contains(joined) else { return .failure(BrokenLink(reason: "no note at '\(joined)', from the notes' root or by its name")) }
        }
        if files.contains(joined) { return .success(.file(joined)) }
        if PathSegments.last(of: decoded).map({ $0.contains(".") }) == true, case .success(let found) = resolve(embedded: decoded, from: source).target {
            return .success(found)
        }
        // `../` up to the notes' root: the home page; `./features`, `../guides/`: a folder's page.
        guard let url = joined.isEmpty ? "/" : foldersByPath[joined.lowercased()] else {
            // `[q](Plan)`: a note named without its extension, as Obsidian finds it.
            if !joined.isEmpty, let index = note(at: joined, written: decoded, from: source) {
                return anchor(fragment.map(Self.percentDecoded), in: index, byID: true).map { .note(index, anchor: $0) }
            }
            return .failure(BrokenLink(reason: "no file or folder at '\(joined)'"))
        }
        // A page a note introduces (`index.md`, or `guides.md` beside `guides/`) is that note's:
        // its heading is checked, as a link from the root to it would be.
        if let index = byURL.first(url) {
            return anchor(fragment.map(Self.percentDecoded), in: index, byID: true).map { .note(index, anchor: $0) }
        }
        return .success(.sitePath(url + (fragment.map { "#" + $0 } ?? "")))
    }

    /// The paths of the notes or files a relative Markdown link could name, when it is found by
    /// its name (neither beside the note nor from the notes' root) and more than one has that
    /// name; nil otherwise. The link leads to the nearest (``note(at:written:from:)``).
    public func nameCandidates(relative destination: String, from source: Int) -> [String]? {
        guard !destination.isEmpty, LinkIndex.isRelative(destination) else { return nil }
        let written = Self.percentDecoded(Self.pathAndFragment(destination).path)
        guard !written.isEmpty, let joined = path(written, fromFolderOf: source), let name = PathSegments.last(of: written) else { return nil }
        if NoteLoader.Format(path: joined) != nil || !name.contains(".") {
            let found = notes(at: joined, written: written)
            return found.byName && found.indices.count > 1 ? found.indices.map { notes[$0].relativePath } : nil
        }
        guard !files.contains(joined) else { return nil }
        return resolve(embedded: written, from: source).ambiguous
    }

    /// The note a Markdown link's path names (`joined`, from the linking note's folder; `written`,
    /// as the link gives it): of ``notes(at:written:)``, the nearest.
    private func note(at joined: String, written: String, from source: Int) -> Int? {
        nearest(notes(at: joined, written: written).indices, from: source)
    }

    /// The notes a Markdown link's path may name, where Obsidian looks: the one beside the note,
    /// else the one at that path from the notes' root, else those of its file name (`byName`).
    private func notes(at joined: String, written: String) -> (indices: [Int], byName: Bool) {
        if let index = byPath.first(Self.withoutExtension(joined).lowercased()) { return ([index], false) }
        if let fromRoot = Self.normalize(PathSegments.of(written).map(String.init)),
            let index = byPath.first(Self.withoutExtension(fromRoot).lowercased())
        {
            return ([index], false)
        }
        guard let name = PathSegments.last(of: written) else { return ([], false) }
        return (byName[Self.withoutExtension(String(name)).lowercased()] ?? [], true)
    }

    /// What a root-relative link (`/tags/travel/`, `/cooking/pancakes/#tips`) leads to: a note
    /// (its heading checked), or one of `knownPaths`; nil for a link that is not root-relative.
    public func resolve(rooted destination: String, knownPaths: Set<String>) -> Result<Target, BrokenLink>? {
        guard destination.hasPrefix("/"), !destination.hasPrefix("//") else { return nil }
        var (path, fragment) = Self.pathAndFragment(destination)
        path = Self.percentDecoded(path)
        let folder = path.hasSuffix("/") || path.contains(".") ? path : path + "/"
        if let index = byURL.first(folder) {
            return anchor(fragment.map(Self.percentDecoded), in: index, byID: true).map { .note(index, anchor: $0) }
        }
        for candidate in [path, folder, folder + "index.html"] where knownPaths.contains(candidate) {
            // A folder's page named without its slash (`/features`) is written with it, as the
            // page's own URL: a server would redirect it, and the previews know pages by it.
            guard candidate == folder, folder != path else { return .success(.sitePath(destination)) }
            let end = destination.firstIndex { $0 == "?" || $0 == "#" } ?? destination.endIndex
            return .success(.sitePath(String(destination[..<end]) + "/" + String(destination[end...])))
        }
        return .failure(BrokenLink(reason: "no page or file at \(path) on this site"))
    }

    /// A heading's id in a note: by its text (case-insensitive) or, for URL fragments, its id.
    private func anchor(_ heading: String?, in index: Int, byID: Bool = false) -> Result<String?, BrokenLink> {
        guard let heading, !heading.isEmpty else { return .success(nil) }
        // `[[note#^id]]`: a block's identifier, its element's id as written.
        if heading.hasPrefix("^") {
            let id = String(heading.dropFirst())
            guard notes[index].blockIDs.contains(id) else {
                return .failure(BrokenLink(reason: "'\(notes[index].title)' has no block '^\(id)'", leadsNowhere: false, page: index))
            }
            return .success(heading)
        }
        let wanted = heading.lowercased()
        let headings = notes[index].headings
        let slug = Slug.make(heading)
        let named = { (heading: NoteHeading) in heading.text.lowercased() == wanted || heading.id == wanted }
        // A heading's text names the note's first heading of that text, and the page shows its
        // first heading as its title when it repeats it: that one is the page's top (no element has
        // its id). An id in a URL names the page's element of that id before any text.
        let title = notes[index].titleHeading
        if byID, let match = headings.first(where: { $0.id == wanted }) { return .success(match.id) }
        if let title, title.text.lowercased() == wanted { return .success(nil) }
        let missing = BrokenLink(reason: "'\(notes[index].title)' has no heading '\(heading)'", leadsNowhere: false, page: index)
        if let match = headings.first(where: named) { return .success(match.id) }
        // Obsidian's path of headings, `[[note#Heading#Subheading]]`: each under the one before,
        // before a heading's slug is tried (which drops the `#`: `A#B` would find "AB").
        if !byID, heading.contains("#") {
            return Self.nested(heading, in: headings, title: title).map { .success($0) } ?? .failure(missing)
        }
        if let match = headings.first(where: { $0.id == slug }) { return .success(match.id) }
        if let title, title.id == wanted || title.id == slug { return .success(nil) }
        if byID && (wanted.hasPrefix("fn") || wanted.hasPrefix("fnref")) { return .success(heading) }
        return .failure(missing)
    }

    /// The id of the last heading of `path` (`Heading#Subheading#…`), each found, by its text or
    /// id as a single heading is, in the section of the one before it (the headings after it up to
    /// the next of its level or a higher one); the first may be the heading the page shows as its
    /// title, whose section is the whole note. Of headings of the same name, the first whose
    /// section holds the rest of the path (`Setup#Linux` where a second `Setup` holds `Linux`).
    /// Nil when none does.
    static func nested(_ path: String, in headings: [NoteHeading], title: NoteHeading?) -> String? {
        // Each part with its slug, made once: the walk compares it with many headings.
        var parts = path.split(separator: "#", omittingEmptySubsequences: false).map { part in
            let text = part.trimmingCharacters(in: .whitespaces).lowercased()
            return (text: text, slug: Slug.make(text))
        }
        guard parts.count > 1, !parts.contains(where: \.text.isEmpty) else { return nil }
        func names(_ heading: NoteHeading, _ part: (text: String, slug: String)) -> Bool {
            heading.text.lowercased() == part.text || heading.id == part.text || heading.id == part.slug
        }
        if let title, names(title, parts[0]) { parts.removeFirst() }
        // Each step goes a level deeper, so the search is as deep as headings nest (six).
        func find(_ part: Int, in range: Range<Int>) -> NoteHeading? {
            for at in range where names(headings[at], parts[part]) {
                if part == parts.count - 1 { return headings[at] }
                let section = (at + 1)..<(headings[(at + 1)...].firstIndex { $0.level <= headings[at].level } ?? headings.endIndex)
                if let found = find(part + 1, in: section) { return found }
            }
            return nil
        }
        return find(0, in: headings.indices)?.id
    }

    /// Whether a destination has neither a scheme nor a leading `/` or `//`.
    public static func isRelative(_ destination: String) -> Bool {
        !destination.hasPrefix("/") && Link.scheme(of: destination) == nil
    }

    /// A destination's path, without its query, and its fragment.
    static func pathAndFragment(_ destination: String) -> (path: String, fragment: String?) {
        var path = Substring(destination)
        var fragment: String? = nil
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...])
            path = path[..<hash]
        }
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        return (String(path), fragment)
    }

    static func withoutExtension(_ path: String) -> String {
        NoteLoader.Format.stem(of: path)
    }

    /// Path segments with `.` and `..` resolved; nil when `..` climbs above the root.
    static func normalize(_ segments: [String]) -> String? {
        var out: [String] = []
        for segment in segments where !segment.isEmpty && segment != "." {
            if segment == ".." {
                guard out.popLast() != nil else { return nil }
            } else {
                out.append(segment)
            }
        }
        return out.joined(separator: "/")
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why a link leads nowhere.
struct BrokenLink: Error, Hashable, Sendable {
    public var reason: String
    /// Whether nothing is there at all (no note, file or page), as opposed to a page without the
    /// heading or block named, or a path that leaves the notes: only then is a page's link marked
    /// as leading nowhere.
    public var leadsNowhere = true
    /// The note whose page the link names, when only its heading or block is missing: the link
    /// leads to the page's top, as Obsidian opens the note (the finding stays).
    public var page: Int? = nil
}
