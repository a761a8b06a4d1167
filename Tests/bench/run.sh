#!/usr/bin/env bash
# make bench: photopager against chafa and img2sixel, sixel output, one hyperfine run per photo.
# Every tool draws the same photo at the same pixel width: the width chafa picks for -s 100x40.
# Without a terminal to ask, chafa assumes 8x8-pixel cells and squashes the photo to half its
# height (800x264 for a 3:2 photo), so at that width photopager and img2sixel draw twice the
# pixels chafa does; "photopager=" also draws chafa's pixel count, aspect ratio kept.
# Prints mean times, our time as a ratio of each peer's, and output sizes.
set -euo pipefail
ours=${1:?usage: run.sh PATH/TO/photopager}
bench=${PHOTOPAGER_BENCH_PHOTOS:-$(cd "$(dirname "$0")/../.." && pwd)/../shared/photos/bench}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

pixel_size() { convert "sixel:$1" png:- | identify -format '%wx%h' -; }
# PSNR of a sixel file against ImageMagick's resize of the source to the same pixel size.
psnr() {
  local size; size=$(pixel_size "$1")
  convert "sixel:$1" "$out/decoded.png"
  convert "$2" -resize "${size}!" "$out/reference.png"
  compare -metric PSNR "$out/decoded.png" "$out/reference.png" null: 2>&1 | cut -d' ' -f1
}

for photo in Storm.jpg Elephants_5640x3172.jpg; do
  src="$bench/$photo"
  [ -f "$src" ] || { echo "missing $src (the bench photos live in ../shared/photos/bench)"; exit 1; }
  chafa -f sixel -s 100x40 "$src" > "$out/chafa.six"
  chafa_size=$(pixel_size "$out/chafa.six"); width=${chafa_size%x*}; height=${chafa_size#*x}
  # The same number of pixels as chafa's output, in the photo's own aspect ratio.
  read -r eq_w eq_h < <(python3 -c "
import math, subprocess
w, h = map(int, subprocess.check_output(['identify', '-format', '%w %h', '$src']).split())
n = $width * $height
print(round(math.sqrt(n * w / h)), round(math.sqrt(n * h / w)))")
  # Our box: 100 columns of width/100 pixels; rows tall enough that the width decides.
  cell="$((width / 100))x$((width / 50))"
  chafa_cmd="chafa -f sixel -s 100x40 $src"
  ours_cmd="$ours render $src --renderer sixel --size 100x40 --cell-size $cell"
  img2sixel_cmd="img2sixel -w $width $src"
  eq_cmd="$ours render $src --renderer sixel --size ${eq_w}x${eq_h} --cell-size 1x1"
  $ours_cmd > "$out/photopager.six"
  $eq_cmd > "$out/photopager=.six"
  $img2sixel_cmd > "$out/img2sixel.six"
  hyperfine -N --warmup 3 --runs 30 --style none --export-json "$out/times.json" \
    -n chafa "$chafa_cmd" -n photopager "$ours_cmd" -n img2sixel "$img2sixel_cmd" \
    -n photopager= "$eq_cmd" > /dev/null
  echo "== $photo (sixel, width $width px)"
  for tool in photopager photopager= chafa img2sixel; do
    printf '  %-11s %-10s %8d bytes  %6s dB\n' "$tool" "$(pixel_size "$out/$tool.six")" "$(stat -c %s "$out/$tool.six")" \
      "$(psnr "$out/$tool.six" "$src")"
  done
  python3 - "$out/times.json" <<'PY'
import json, sys
runs = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
ours = runs["photopager"]["mean"]
for name in ("photopager", "photopager=", "chafa", "img2sixel"):
    r = runs[name]
    print(f"  {name:<11} {r['mean'] * 1000:7.1f} ms ± {r['stddev'] * 1000:4.1f}")
for peer in ("chafa", "img2sixel"):
    print(f"  photopager / {peer:<9} = {ours / runs[peer]['mean']:.2f}x  (same width)")
print(f"  photopager= / chafa     = {runs['photopager=']['mean'] / runs['chafa']['mean']:.2f}x  (same pixel count)")
PY
done
