/// notebook's version, as `notebook --version` prints it and caches are keyed by.
public enum NotebookVersion {
    public static let current = "0.1.0"
}
