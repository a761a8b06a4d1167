import Foundation

/// Runs the built `photopager` binary as a person would, capturing both streams.
public enum CommandRunner {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: String
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The binary beside the test bundle (SwiftPM puts all products of a build in one folder).
    public static var binary: URL {
        let testBundle = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        return testBundle.deletingLastPathComponent().appendingPathComponent("photopager")
    }

    /// What every run gets. The bundled set is named outright: a build elsewhere
    /// (`--scratch-path`, as the sanitizer runs use) has no checkout above its binary to find.
    /// Sanitizer settings pass on, so a child's report lands in the run's log directory instead
    /// of a pty nobody reads.
    public static let baseEnvironment = ["PATH": "/usr/bin:/bin", "TERM": "dumb",
                                         "PHOTOPAGER_DATA": SharedPhotos.repositoryRoot.appendingPathComponent("Resources").path]
        .merging(ProcessInfo.processInfo.environment.filter { ["TSAN_OPTIONS", "ASAN_OPTIONS"].contains($0.key) }) { $1 }

    public static func photopager(_ arguments: [String], environment: [String: String] = [:],
                                  currentDirectory: URL? = nil) throws -> Result {
        try run(binary, arguments, environment: environment, currentDirectory: currentDirectory)
    }

    /// `command` run by /bin/sh in the same predictable environment (pipelines such as
    /// `xargs -r cp -t DIR < FILE`).
    public static func shell(_ command: String) throws -> Result {
        try run(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
    }

    private static func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:],
                            currentDirectory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // A predictable environment: no terminal hints, config, cache or proxy leak in from
        // whoever runs the tests (a fresh home unless the test brings its own).
        let home = environment["HOME"] == nil ? try TemporaryDirectory() : nil
        defer { withExtendedLifetime(home) {} }
        process.environment = baseEnvironment.merging(home?.environment ?? [:]) { $1 }
            .merging(environment) { $1 }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe.closedOnExec(), err = Pipe.closedOnExec()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Drain stderr on another thread so a chatty run cannot fill the pipe and deadlock.
        let errorData = LockedData()
        let reader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return Result(status: process.terminationStatus, stdout: output,
                      stderr: String(decoding: errorData.value, as: UTF8.self))
    }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}
