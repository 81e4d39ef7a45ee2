import Foundation
import Mustache
import Synchronization
import Testing

/// The official Mustache spec (https://github.com/mustache/spec), JSON flavour, from the
/// shared conformance folder beside the package: `<package>/../shared/conformance/mustache-spec/`.
private let specDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // MustacheTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .deletingLastPathComponent()  // its parent, which holds shared/
    .appendingPathComponent("shared/conformance/mustache-spec")

private let specFiles = [
    "comments.json", "delimiters.json", "interpolation.json", "inverted.json", "partials.json", "sections.json",
    "~inheritance.json", "~dynamic-names.json", "~lambdas.json",
]

/// Any JSON value, decoded keeping integers apart from doubles.
private enum JSON: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSON]), object([String: JSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }
}

private struct SpecFile: Decodable {
    let tests: [SpecTest]
}

private struct SpecTest: Decodable {
    let name: String
    let desc: String
    let data: JSON
    let template: String
    let partials: [String: String]?
    let expected: String
}

/// Counts calls, for the lambdas that must not be cached.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}

/// The Swift version of each `~lambdas.json` test's lambda (the file carries Ruby, JS,
/// Python… source; these do what that source does), keyed by test name.
private func specLambda(forTest name: String) -> MustacheLambda? {
    switch name {
    case "Interpolation":
        return MustacheLambda { "world" }
    case "Interpolation - Expansion":
        return MustacheLambda { "{{planet}}" }
    case "Interpolation - Alternate Delimiters":
        return MustacheLambda { "|planet| => {{planet}}" }
    case "Interpolation - Multiple Calls":
        let counter = Counter()
        return MustacheLambda { String(counter.next()) }
    case "Escaping":
        return MustacheLambda { ">" }
    case "Section":
        return MustacheLambda { (text: String) in text == "{{x}}" ? "yes" : "no" }
    case "Section - Expansion":
        return MustacheLambda { (text: String) in text + "{{planet}}" + text }
    case "Section - Alternate Delimiters":
        return MustacheLambda { (text: String) in text + "{{planet}} => |planet|" + text }
    case "Section - Multiple Calls":
        return MustacheLambda { (text: String) in "__" + text + "__" }
    case "Inverted Section":
        return MustacheLambda(value: { _ in .bool(false) })
    default:
        return nil
    }
}

/// Converts spec data, replacing `{"__tag__": "code", …}` objects with the test's lambda.
private func mustacheValue(_ json: JSON, test: String) -> MustacheValue {
    switch json {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .int(let value): return .int(value)
    case .double(let value): return .double(value)
    case .string(let value): return .string(value)
    case .array(let values): return .array(values.map { mustacheValue($0, test: test) })
    case .object(let members):
        if case .string("code") = members["__tag__"] {
            guard let lambda = specLambda(forTest: test) else {
                Issue.record("no Swift lambda for spec test '\(test)'")
                return .null
            }
            return .lambda(lambda)
        }
        return .object(members.mapValues { mustacheValue($0, test: test) })
    }
}

@Suite struct SpecConformanceTests {
    @Test(arguments: specFiles)
    func specFile(_ file: String) throws {
        let url = specDirectory.appendingPathComponent(file)
        let spec = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url))
        #expect(!spec.tests.isEmpty, "\(file) has no tests")
        var passed = 0
        for test in spec.tests {
            let result: String
            do {
                let library = try MustacheLibrary(sources: test.partials ?? [:])
                let template = try MustacheTemplate(parsing: test.template, name: "\(test.name).mustache")
                result = try library.render(template, mustacheValue(test.data, test: test.name))
            } catch {
                Issue.record("\(file) '\(test.name)': \(error)")
                continue
            }
            if result == test.expected {
                passed += 1
            } else {
                Issue.record(
                    """
                    \(file) '\(test.name)': \(test.desc)
                    template: \(test.template.debugDescription)
                    expected: \(test.expected.debugDescription)
                    actual:   \(result.debugDescription)
                    """)
            }
        }
        print("\(file): \(passed) of \(spec.tests.count)")
        #expect(passed == spec.tests.count, "\(file): \(passed) of \(spec.tests.count) passed")
    }
}
