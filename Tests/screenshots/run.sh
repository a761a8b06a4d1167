#!/usr/bin/env bash
# Screenshots of the pager in real terminals under Xvfb: xterm -ti vt340 (sixel) and kitty
# (kitty graphics), each showing the grid, the pager and fullscreen. Writes PNGs to OUTDIR.
# Needs: xvfb xterm kitty xdotool imagemagick (apt-get install them first).
set -euo pipefail
bin=$(realpath "${1:?usage: run.sh PATH/TO/photopager [OUTDIR]}")
out=$(realpath -m "${2:-screenshots}")
mkdir -p "$out"
export DISPLAY=:77
Xvfb "$DISPLAY" -screen 0 1100x700x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

shoot() { import -window root "$out/$1.png"; echo "wrote $out/$1.png"; }
keys() { xdotool key --delay 120 "$@"; sleep 1.5; }

run_in() {  # name, command...
  local name=$1; shift
  "$@" &
  local pid=$!
  sleep 4
  xdotool search --sync --pid "$pid" 2>/dev/null | head -1 | xargs -r xdotool windowfocus --sync 2>/dev/null || true
  shoot "$name-grid"
  keys Right Return; shoot "$name-pager"
  keys Right; shoot "$name-pager-next"
  keys f; shoot "$name-fullscreen"
  keys f Escape q
  sleep 1
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

run_in xterm-sixel xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10 -e "$bin"
run_in kitty env LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_size=10 \
  -o initial_window_width=1100 -o initial_window_height=700 -o remember_window_size=no "$bin"
