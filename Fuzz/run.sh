#!/usr/bin/env bash
# make fuzz: builds the libFuzzer targets (Fuzz/, a package of its own) and runs each for
# FUZZ_SECONDS (default 60), from our seeds (Fuzz/Seeds), every earlier finding
# (Fuzz/Regressions) and, when ../shared is there, the conformance images and the recorded
# Unsplash replies. Prints executions and findings per target; fails when anything was found.
# Leaks inside other libraries (checked to be theirs) are in Fuzz/lsan-suppressions.txt.
# FUZZ_TARGETS="input decode" runs only those. Work files go to .build/fuzz.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${FUZZ_SECONDS:-60}
shared=$root/../shared/conformance
work=$root/.build/fuzz
bin=$root/.build/fuzz-build/debug/photopager-fuzz

# -enable-testing: the targets reach internal parsers (the config file, the command line)
# with @testable import, as the unit tests do. lld: gold cannot link ASan's Swift objects.
swift build --package-path Fuzz --scratch-path .build/fuzz-build --product photopager-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld 2>&1 | grep -v "^warning: " >&2

targets=${FUZZ_TARGETS:-$("$bin" 2>&1 | sed -n 's/^targets: //p' || true)}

# $1 target, $2 seed dir: the shared files that suit the target (small ones for whole decodes,
# the first 64 kB of each image for the header readers).
shared_seeds() {
  [ -d "$shared" ] || return 0
  case $1 in
    header) find "$shared"/{jpeg,png,gif,webp,fuzz,heif,avif,jxl,tiff,raw,icc} -type f | while read -r f; do
              head -c 65536 "$f" > "$2/$(echo "$f" | md5sum | cut -c1-16)"; done ;;
    heifboxes) find "$shared"/{heif,avif} -type f | while read -r f; do
              head -c 65536 "$f" > "$2/$(echo "$f" | md5sum | cut -c1-16)"; done ;;
    tiffdirs) find "$shared"/{tiff,raw} -type f -exec cp -t "$2" {} + ;;
    heif|avif|jxl|tiff|raw) find "$shared/$1" -type f -size -400k -exec cp -t "$2" {} + ;;
    profile) cp /usr/share/color/icc/*.icc "$2"/ 2>/dev/null || true
             for f in "$shared"/icc/*; do convert "$f" "$2/$(basename "$f").icc" 2>/dev/null || true; done ;;
    decode) find "$shared"/{jpeg,png,gif,webp,fuzz} -type f -size -100k -exec cp -t "$2" {} + ;;
    manifest) cp "$shared"/unsplash/*.json "$2"/; cp Resources/sample/manifest.json "$2"/ ;;
    unsplash) for json in "$shared"/unsplash/*.json; do
                { cat "${json%.json}.headers.txt" 2>/dev/null || true; printf '\r\n\r\n'; cat "$json"; } > "$2/$(basename "$json")"
              done ;;
  esac
}

found=0
printf '%-10s %12s %9s  %s\n' target executions findings "(FUZZ_SECONDS=$seconds)"
for target in $targets; do
  corpus=$work/corpus/$target seeds=$work/seeds/$target findings=$work/findings/$target
  rm -rf "$seeds" "$findings"
  mkdir -p "$corpus" "$seeds" "$findings"
  for dir in Fuzz/Seeds/$target Fuzz/Regressions/$target; do
    [ -d "$dir" ] && cp "$dir"/* "$seeds"/
  done
  shared_seeds "$target" "$seeds"
  # The Swift backtracer would add a false ASan report to every finding.
  SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$root/Fuzz/lsan-suppressions.txt "$bin" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "$seeds" > "$work/$target.log" 2>&1 || true
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log" | tail -1)
  count=$(find "$findings" -type f | wc -l)
  printf '%-10s %12s %9s\n' "$target" "${executions:-?}" "$count"
  if [ "$count" -gt 0 ]; then
    found=1
    grep -E "photopager-fuzz:|ERROR:|SUMMARY:" "$work/$target.log" | head -5 | sed 's/^/    /'
    find "$findings" -type f | sed 's/^/    /'
  fi
done
[ "$found" = 0 ] || { echo "findings above: each becomes a regression test (and a file in Fuzz/Regressions/TARGET)"; exit 1; }
