import Foundation

/// Where a tool keeps its offline cache.
public enum CacheLocation {
    /// The cache directory for `tool`: `override` when given, else `$XDG_CACHE_HOME/<tool>`, else
    /// `~/.cache/<tool>` (home from `$HOME`, then the account database).
    ///
    /// ```swift
    /// let directory = CacheLocation.directory(tool: "gallery", override: options.cacheDirectory,
    ///                                         environment: ProcessInfo.processInfo.environment)
    /// ```
    /// - Parameters:
    ///   - tool: The tool's name, used as the last path component.
    ///   - override: A directory chosen by the person (a `--cache-dir` flag); `~` is expanded.
    ///   - environment: The process environment (passed in so tests control it).
    public static func directory(tool: String, override: String?, environment: [String: String]) -> URL {
        if let override, !override.isEmpty {
            return URL(fileURLWithPath: expandingTilde(override, environment: environment), isDirectory: true)
        }
        // The XDG spec says a relative value is invalid and must be ignored.
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent(tool, isDirectory: true)
        }
        return URL(fileURLWithPath: home(environment), isDirectory: true)
            .appendingPathComponent(".cache", isDirectory: true)
            .appendingPathComponent(tool, isDirectory: true)
    }

    /// The cache directory of a `--demo` run of `tool`: `override` when given, else a folder of the
    /// demo's own, `<cache root>/workbench-demo/<tool>` (beside the demo's encoded pictures), so a
    /// real run never shows a made-up photo or picture as saved.
    ///
    /// ```swift
    /// let directory = CacheLocation.demoDirectory(tool: "flickr", override: nil, environment: environment)
    /// ```
    public static func demoDirectory(tool: String, override: String?, environment: [String: String]) -> URL {
        if let override, !override.isEmpty {
            return directory(tool: tool, override: override, environment: environment)
        }
        return directory(tool: demoFolder, override: nil, environment: environment)
            .appendingPathComponent(tool, isDirectory: true)
    }

    /// The demo's own folder under the cache root.
    public static let demoFolder = "workbench-demo"

    /// The variables a cache folder's place depends on, read one by one: for a look at the cache
    /// before anything else runs, where the whole environment as a dictionary costs more than
    /// the rest of the look.
    public static var environment: [String: String] {
        ["HOME", "XDG_CACHE_HOME"].reduce(into: [:]) { found, name in
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
    }

    private static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    private static func expandingTilde(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return home(environment) + path.dropFirst()
    }
}
