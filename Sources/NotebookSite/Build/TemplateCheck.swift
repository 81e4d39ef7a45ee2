import Mustache
import NotebookModel

/// Checks every name in a theme's templates against what templates receive (`TemplateSchema`):
/// in every section, inverted section, partial and block, whether or not a page renders it.
/// A name that is no field in scope (a typo such as `{{note.titel}}`, which renders empty) is a
/// warning at its template's line and column (an error with `--strict`, as every warning is).
///
/// Page templates are checked with the page's context; a partial or a parent, with the scope
/// of each place that includes it (a template no page reaches is never rendered, so it is not
/// checked: a site that overrides a page may leave a theme's partial unused). A block a parent
/// tag overrides must be one the parent has.
struct TemplateCheck {
    private let library: MustacheLibrary
    private var checked: Set<String> = []
    /// The templates being checked, each with its innermost scope: a partial that includes
    /// itself (a tree of nested tags) is checked until it meets itself in a scope it was in.
    private var inProgress: [(name: String, schema: TemplateSchema?)] = []
    private(set) var findings: [Diagnostic] = []

    /// The findings about `library`'s templates.
    static func findings(in library: MustacheLibrary) -> [Diagnostic] {
        var check = TemplateCheck(library: library)
        let roots = library.names.filter { Theme.requiredTemplates.contains($0) }
        for name in roots { check.check(template: name, in: [Scope(schema: .context, path: "")]) }
        // A partial included from several places reports each of its faults once.
        var seen = Set<Diagnostic>()
        return check.findings.filter { seen.insert($0).inserted }
    }

    private init(library: MustacheLibrary) {
        self.library = library
    }

    /// One level of the context stack: what it holds, and the name it was reached by.
    private struct Scope {
        var schema: TemplateSchema
        var path: String
    }

    /// The names of the blocks `tags` define, and those of the parents they name, transitively.
    private func blocks(in tags: [MustacheTag], seen: inout Set<String>) -> Set<String> {
        var names = Set<String>()
        for tag in tags {
            switch tag {
            case .variable:
                break
            case .section(_, _, _, let inner):
                names.formUnion(blocks(in: inner, seen: &seen))
            case .block(let name, _, let inner):
                names.insert(name)
                names.formUnion(blocks(in: inner, seen: &seen))
            case .partial(let name, _, let overrides):
                names.formUnion(blocks(in: overrides, seen: &seen))
                if let name, seen.insert(name).inserted, let template = library[name] {
                    names.formUnion(blocks(in: template.outline, seen: &seen))
                }
            }
        }
        return names
    }

    private mutating func check(template name: String, in scopes: [Scope]) {
        guard let template = library[name] else { return }
        guard !inProgress.contains(where: { $0.name == name && $0.schema == scopes.last?.schema }) else { return }
        guard checked.insert(name + "\u{0}" + scopes.map(\.path).joined(separator: "\u{0}")).inserted else { return }
        inProgress.append((name, scopes.last?.schema))
        defer { inProgress.removeLast() }
        check(template.outline, in: scopes, file: template.name)
    }

    private mutating func check(_ tags: [MustacheTag], in scopes: [Scope], file: String) {
        for tag in tags {
            switch tag {
            case .variable(let name, let at):
                _ = resolve(name, in: scopes, at: at, file: file)
            case .section(let name, let inverted, let at, let inner):
                guard let found = resolve(name, in: scopes, at: at, file: file) else {
                    check(inner, in: scopes, file: file)
                    continue
                }
                guard !inverted else {
                    check(inner, in: scopes, file: file)
                    continue
                }
                let pushed: TemplateSchema = if case .list(let item) = found { item } else { found }
                check(inner, in: scopes + [Scope(schema: pushed, path: (scopes.last?.path ?? "") + "/" + name)], file: file)
            case .block(_, _, let inner):
                check(inner, in: scopes, file: file)
            case .partial(let name, let at, let overrides):
                check(overrides, in: scopes, file: file)
                guard let name else { continue }
                guard let target = library[name] else {
                    report("'\(name)' is included here but no template has that name; it renders as nothing", at: at, file: file)
                    continue
                }
                if !overrides.isEmpty {
                    var seen: Set<String> = [name]
                    let known = blocks(in: target.outline, seen: &seen)
                    for case .block(let block, let blockAt, _) in overrides where !known.contains(block) {
                        let listed = known.sorted().joined(separator: ", ")
                        report(
                            "'\(block)' is not a block of '\(name)'\(listed.isEmpty ? "" : " (its blocks: \(listed))"); what it holds is not shown",
                            at: blockAt, file: file)
                    }
                }
                check(template: name, in: scopes)
            }
        }
    }

    /// What `name` finds in `scopes`, innermost first, as Mustache looks it up; nil (reported)
    /// when it finds nothing.
    private mutating func resolve(_ name: String, in scopes: [Scope], at: MustacheTagLocation, file: String) -> TemplateSchema? {
        if name == "." { return scopes.last?.schema }
        let components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let scope = scopes.last(where: { $0.schema[components[0]] != nil }), var found = scope.schema[components[0]] else {
            let known = Self.fieldNames(scopes.last?.schema)
            report("'\(name)' is not a field here\(known.isEmpty ? "" : " (here: \(known))"); it renders as nothing", at: at, file: file)
            return nil
        }
        for (index, component) in components.enumerated().dropFirst() {
            guard let next = found[component] else {
                let owner = components[..<index].joined(separator: ".")
                let known = Self.fieldNames(found)
                report(
                    "'\(name)': '\(owner)' has no field '\(component)'\(known.isEmpty ? "" : " (it has: \(known))"); it renders as nothing",
                    at: at, file: file)
                return nil
            }
            found = next
        }
        return found
    }

    private static func fieldNames(_ schema: TemplateSchema?) -> String {
        guard case .object(let members)? = schema else { return "" }
        return members.keys.sorted().joined(separator: ", ")
    }

    private mutating func report(_ message: String, at: MustacheTagLocation, file: String) {
        findings.append(
            Diagnostic(
                .warning, message, path: file, at: SourceLocation(line: at.line, column: at.column), code: "template.unknown-name"))
    }
}
