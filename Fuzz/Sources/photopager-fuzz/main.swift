import Glibc

// `photopager-fuzz TARGET [libFuzzer flags] [CORPUS…]`: TARGET picks the parser (see
// `FuzzTarget`); everything after it goes to libFuzzer's own driver.

typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: TestOneInput) -> Int32

/// libFuzzer's archive references this name; the driver below gets the same function.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count > 1, let target = FuzzTarget(rawValue: arguments[1]) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: " ")
    say("usage: photopager-fuzz TARGET [libFuzzer options] [CORPUS_DIR…]\ntargets: \(names)\n")
    exit(2)
}
selected = target

// libFuzzer sees argv without the target name.
var argv: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
var argc = Int32(argv.count - 1)
let status = argv.withUnsafeMutableBufferPointer { buffer in
    var pointer = buffer.baseAddress!
    return LLVMFuzzerRunDriver(&argc, &pointer, testOneInput)
}
exit(status)

