// Measures the notebook's hot paths on one core, for the benchmark scripts in bench/.
//
//   notebook-bench json-decode FILE|DIR…   attributed-string JSON notes read into the model, MB/s
//   notebook-bench search-terms FILE|DIR…  the search index's words of Markdown notes, µs per note
import NotebookSource
import Foundation
import NotebookFiles
import NotebookFormats
import NotebookSearch

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The files named, with folders replaced by the files under them that end in `suffix`, sorted.
func files(_ arguments: [String], suffix: String = ".json") -> [String] {
    arguments.flatMap { argument -> [String] in
        guard FileSystem.isFolder(argument), let tree = try? FileTree(argument) else { return [argument] }
        return tree.walk().files.filter { $0.relative.hasSuffix(suffix) }.map(\.real)
    }
}

/// Times `body` over and over: the best of at least three runs and two seconds of work.
func best(_ body: () -> Void) -> (seconds: Double, runs: Int) {
    var best = Double.infinity
    var runs = 0
    let clock = ContinuousClock()
    let overall = clock.now
    while runs < 3 || seconds(clock.now - overall) < 2 {
        let start = clock.now
        body()
        best = min(best, seconds(clock.now - start))
        runs += 1
    }
    return (best, runs)
}

func searchTerms(_ arguments: [String]) -> Int32 {
    let texts = files(arguments, suffix: ".md").compactMap { try? FileSystem.read($0, links: .asNamed) }
    guard !texts.isEmpty else {
        FileHandle.standardError.write(Data("notebook-bench: no Markdown notes\n".utf8))
        return 1
    }
    var terms = 0
    let (time, runs) = best {
        terms = 0
        for text in texts {
            var analyzer = SearchAnalyzer()
            terms += analyzer.wordCounts(utf8: text).counts.count
        }
    }
    print(String(format: "%d notes, %d words, best of %d runs: %.3f s, %.2f µs per note", texts.count, terms, runs, time, time * 1e6 / Double(texts.count)))
    return 0
}

func jsonDecode(_ arguments: [String]) -> Int32 {
    let paths = files(arguments)
    let files = paths.compactMap { path in (try? FileSystem.read(path, links: .asNamed)).map { (path, $0) } }
    guard files.count == paths.count, !files.isEmpty else {
        FileHandle.standardError.write(Data("notebook-bench: cannot read every file\n".utf8))
        return 1
    }
    let bytes = files.reduce(0) { $0 + $1.1.count }
    let reader = AttributedJSONReader()
    var best = Double.infinity
    var runs = 0
    var errors = 0
    let clock = ContinuousClock()
    // The best of several runs, at least three and at least two seconds of work.
    let overall = clock.now
    while runs < 3 || seconds(clock.now - overall) < 2 {
        let start = clock.now
        errors = 0
        for (path, data) in files {
            let (text, _) = SourceText.decode(data, path: path)
            errors += reader.read(text, path: path).diagnostics.filter { $0.severity == .error }.count
        }
        best = min(best, seconds(clock.now - start))
        runs += 1
    }
    let megabytes = Double(bytes) / 1_000_000
    print(String(format: "%d files, %.1f MB, best of %d runs: %.3f s, %.1f MB/s, %d errors", files.count, megabytes, runs, best, megabytes / best, errors))
    return errors == 0 ? 0 : 1
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "json-decode": exit(jsonDecode(Array(arguments.dropFirst())))
case "search-terms": exit(searchTerms(Array(arguments.dropFirst())))
default:
    FileHandle.standardError.write(Data("usage: notebook-bench json-decode|search-terms FILE…\n".utf8))
    exit(2)
}
