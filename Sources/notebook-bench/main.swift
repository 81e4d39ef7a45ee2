// Measures the notebook's hot paths on one core, for the benchmark scripts in bench/.
//
//   notebook-bench json-decode FILE|DIR…   attributed-string JSON notes read into the model, MB/s
import NotebookSource
import Foundation
import NotebookFiles
import NotebookFormats

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The files named, with folders replaced by the `.json` files under them, sorted.
func jsonFiles(_ arguments: [String]) -> [String] {
    arguments.flatMap { argument -> [String] in
        guard FileSystem.isFolder(argument), let tree = try? FileTree(argument) else { return [argument] }
        return tree.walk().files.filter { $0.relative.hasSuffix(".json") }.map(\.real)
    }
}

func jsonDecode(_ arguments: [String]) -> Int32 {
    let paths = jsonFiles(arguments)
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
default:
    FileHandle.standardError.write(Data("usage: notebook-bench json-decode FILE…\n".utf8))
    exit(2)
}
