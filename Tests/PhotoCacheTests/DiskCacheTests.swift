import PhotoPagerBase
import Foundation
import PhotoCache
import Testing
import TestSupport

@Suite struct DiskCacheTests {
    let directory: TemporaryDirectory
    let cache: DiskCache

    init() throws {
        directory = try TemporaryDirectory()
        cache = DiskCache(root: directory.url.appendingPathComponent("photopager"), budgetBytes: 10_000)
    }

    @Test func whatIsWrittenReadsBack() {
        let key = EntryKey(folder: "abc", name: "800x600")
        #expect(cache.read(.images, key) == nil)
        cache.write(.images, key, Data("hello".utf8))
        #expect(cache.read(.images, key) == Data("hello".utf8))
        cache.write(.images, key, Data("again".utf8))
        #expect(cache.read(.images, key) == Data("again".utf8))
        #expect(cache.keys(.images, folder: "abc") == [key])
    }

    /// A private library's thumbnails are nobody else's: every directory the cache makes (the
    /// root's missing parents too) is 0700 and every file 0600, whatever the umask; a root an
    /// older version left open is closed.
    @Test func theCacheIsPrivate() throws {
        let old = umask(0o022)
        defer { umask(old) }
        let deep = DiskCache(root: directory.url.appendingPathComponent("made/for/us/photopager"), budgetBytes: 10_000)
        deep.write(.api, EntryKey(folder: "immich-pages", name: "p1"), Data("page".utf8))
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        var path = deep.root.path
        while path != directory.url.path {
            #expect(try mode(path) == 0o700, "\(path)")
            path = (path as NSString).deletingLastPathComponent
        }
        let files = FileManager.default.enumerator(atPath: deep.root.path)!.compactMap { $0 as? String }
        for file in files {
            let full = deep.root.path + "/" + file
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            #expect(try mode(full) == (isDirectory.boolValue ? 0o700 : 0o600), "\(file)")
        }
        #expect(files.contains { $0.hasSuffix("p1") })
        let open = directory.url.appendingPathComponent("open/photopager")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        DiskCache(root: open, budgetBytes: 10_000).write(.images, EntryKey(folder: "a", name: "b"), Data("x".utf8))
        #expect(try mode(open.path) == 0o700)
    }

    @Test func aTruncatedOrCorruptEntryReadsAsMissingAndIsRemoved() throws {
        let key = EntryKey.hashed("https://api.unsplash.com/photos?page=1")
        cache.write(.api, key, Data(repeating: 9, count: 500))
        let file = try #require(entryFiles().first)
        let stored = try Data(contentsOf: file)
        try stored.prefix(300).write(to: file)               // torn write
        #expect(cache.read(.api, key) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))

        cache.write(.api, key, Data(repeating: 9, count: 500))
        var flipped = try Data(contentsOf: file)
        flipped[400] ^= 0xFF                                  // bit rot, same length
        try flipped.write(to: file)
        #expect(cache.read(.api, key) == nil)
    }

    @Test func theLeastRecentlyUsedGoFirstWhenOverBudget() throws {
        let keys = (0 ..< 5).map { EntryKey(name: "k\($0)") }
        for (index, key) in keys.enumerated() {
            cache.write(.images, key, Data(repeating: UInt8(index), count: 1_900))
            // mtime has a resolution of its own: make the order unambiguous.
            try setModified(key, secondsAgo: Double(100 - index * 10))
        }
        _ = cache.read(.images, keys[0])                     // k0 becomes the most recent
        cache.write(.images, EntryKey(name: "k5"), Data(repeating: 5, count: 1_900))
        #expect(cache.storedBytes <= 10_000)
        #expect(cache.read(.images, keys[0]) != nil)
        #expect(cache.read(.images, keys[1]) == nil)
        #expect(cache.read(.images, EntryKey(name: "k5")) != nil)
    }

    @Test func hostileKeysStayInsideTheStore() throws {
        let key = EntryKey(folder: "../../etc", name: "../passwd")
        cache.write(.api, key, Data("x".utf8))
        #expect(cache.read(.api, key) == Data("x".utf8))
        let files = entryFiles()
        #expect(files.count == 1)
        #expect(files.allSatisfy { $0.path.hasPrefix(directory.url.path + "/photopager/api/") })
        #expect(EntryKey.hashed("a/b?c").name != EntryKey.hashed("a/b?d").name)
        // Ids that reduce to the same safe text keep apart.
        cache.write(.images, EntryKey(folder: "a b", name: "10x10"), Data("space".utf8))
        cache.write(.images, EntryKey(folder: "a_b", name: "10x10"), Data("underscore".utf8))
        #expect(cache.read(.images, EntryKey(folder: "a b", name: "10x10")) == Data("space".utf8))
        #expect(cache.read(.images, EntryKey(folder: "a_b", name: "10x10")) == Data("underscore".utf8))
        #expect(cache.keys(.images, folder: "a b").compactMap { cache.read(.images, $0) } == [Data("space".utf8)])
    }

    @Test func twoInstancesShareTheDirectory() {
        let other = DiskCache(root: cache.root, budgetBytes: 10_000)
        let reads = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 40) { n in
            let writer = n % 2 == 0 ? cache : other
            writer.write(.images, EntryKey(name: "same"), Data(repeating: UInt8(n), count: 300))
            if let read = (n % 2 == 0 ? other : cache).read(.images, EntryKey(name: "same")) {
                #expect(read.count == 300 && Set(read).count == 1)   // never a mix of two writes
                reads.withLock { $0 += 1 }
            }
        }
        #expect(reads.withLock { $0 } > 0)
    }

    @Test func theDefaultRootFollowsXDG() {
        #expect(DiskCache.defaultRoot(environment: ["XDG_CACHE_HOME": "/x/c", "HOME": "/h"])?.path == "/x/c/photopager")
        #expect(DiskCache.defaultRoot(environment: ["HOME": "/h"])?.path == "/h/.cache/photopager")
        #expect(DiskCache.defaultRoot(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?.path == "/h/.cache/photopager")
        #expect(DiskCache.defaultRoot(environment: [:]) == nil)
    }

    private func entryFiles() -> [URL] {
        let walker = FileManager.default.enumerator(at: cache.root, includingPropertiesForKeys: [.isRegularFileKey])
        return (walker?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true }
    }

    private func setModified(_ key: EntryKey, secondsAgo: Double) throws {
        let file = cache.root.appendingPathComponent("images").appendingPathComponent(key.name)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: file.path)
    }
}
