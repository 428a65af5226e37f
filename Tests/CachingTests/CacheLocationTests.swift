import Foundation
import Testing
import Caching

@Suite("CacheLocation")
struct CacheLocationTests {
    @Test("an override wins over XDG_CACHE_HOME, and ~ in it means home")
    func overrideWins() {
        let environment = ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/ann"]
        #expect(CacheLocation.directory(tool: "gallery", override: "/tmp/mine", environment: environment).path
                == "/tmp/mine")
        #expect(CacheLocation.directory(tool: "gallery", override: "~/c", environment: environment).path
                == "/home/ann/c")
    }

    @Test("XDG_CACHE_HOME/<tool> when it is set and absolute")
    func xdg() {
        let url = CacheLocation.directory(tool: "flickr", override: nil,
                                          environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/ann"])
        #expect(url.path == "/xdg/flickr")
    }

    @Test("~/.cache/<tool> when XDG_CACHE_HOME is unset, empty or relative")
    func homeFallback() {
        for xdg in [nil, "", "relative/dir"] as [String?] {
            var environment = ["HOME": "/home/ann"]
            environment["XDG_CACHE_HOME"] = xdg
            let url = CacheLocation.directory(tool: "lookup", override: nil, environment: environment)
            #expect(url.path == "/home/ann/.cache/lookup")
        }
    }

    @Test("a demo's cache is a folder of the demo's own, apart from the real run's, unless one is named")
    func demoDirectory() {
        let environment = ["HOME": "/home/ann"]
        let demo = CacheLocation.demoDirectory(tool: "flickr", override: nil, environment: environment)
        #expect(demo.path == "/home/ann/.cache/workbench-demo/flickr")
        #expect(demo != CacheLocation.directory(tool: "flickr", override: nil, environment: environment))
        #expect(CacheLocation.demoDirectory(tool: "flickr", override: "/tmp/mine", environment: environment).path
                == "/tmp/mine")
    }

    @Test("the variables read one by one place the cache where the whole environment does")
    func environmentSubset() {
        let whole = ProcessInfo.processInfo.environment
        let subset = CacheLocation.environment
        #expect(subset["HOME"] == whole["HOME"] && subset["XDG_CACHE_HOME"] == whole["XDG_CACHE_HOME"])
        #expect(subset.keys.allSatisfy { ["HOME", "XDG_CACHE_HOME"].contains($0) })
        for tool in ["gallery", "flickr"] {
            #expect(CacheLocation.directory(tool: tool, override: nil, environment: subset)
                    == CacheLocation.directory(tool: tool, override: nil, environment: whole))
            #expect(CacheLocation.demoDirectory(tool: tool, override: nil, environment: subset)
                    == CacheLocation.demoDirectory(tool: tool, override: nil, environment: whole))
        }
    }
}
