import FoundationEssentials
import Glibc
import PhotoPagerCLI

exit(PhotoPager.main(arguments: Array(CommandLine.arguments.dropFirst()),
                     environment: ProcessInfo.processInfo.environment))
