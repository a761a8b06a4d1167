#!/usr/bin/env bash
# Screenshots of the pager in real terminals under Xvfb: xterm -ti vt340 (sixel) and kitty
# (kitty graphics), each showing the grid, the pager and fullscreen; then each with tmux in
# between: passthrough on (pager, fullscreen, another tmux window, back; `render` at the prompt),
# and off (half-blocks and the hint on the grid). Writes PNGs to OUTDIR. The direct runs also
# zoom in and pan, and show the filmstrip. PHOTOS: a folder to open instead of the bundled set
# (big photos show what a zoom keeps); SHOTS=direct skips the tmux runs.
# Needs: xvfb xterm kitty xdotool imagemagick tmux (apt-get install them first).
set -euo pipefail
bin=$(realpath "${1:?usage: run.sh PATH/TO/photopager [OUTDIR]}")
photos=${PHOTOS:-}
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
  keys plus plus plus; sleep 2; shoot "$name-zoom"
  keys l l j; sleep 2; shoot "$name-zoom-pan"
  keys 0 t; shoot "$name-filmstrip"
  keys t f; shoot "$name-fullscreen"
  keys f Escape q
  sleep 1
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

run_in xterm-sixel xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10 -e "$bin" $photos
run_in kitty env LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_size=10 \
  -o initial_window_width=1100 -o initial_window_height=700 -o remember_window_size=no "$bin" $photos
[ "${SHOTS:-}" = direct ] && exit 0

# tmux inside the terminal, on a private server with no config; $1 name, $2 passthrough on|off.
run_tmux() {
  local name=$1 passthrough=$2; shift 2
  local t="tmux -L photopager-shots"
  $t kill-server 2>/dev/null || true
  "$@" -e $t -f /dev/null new-session -s shots &
  local pid=$!
  sleep 3
  $t set -g allow-passthrough "$passthrough"
  $t set -g status off
  $t send-keys "clear; exec $bin" Enter
  sleep 4
  shoot "$name-tmux-$passthrough-grid"
  $t send-keys Right Enter; sleep 2; shoot "$name-tmux-$passthrough-pager"
  if [ "$passthrough" = on ]; then
    $t send-keys f; sleep 2; shoot "$name-tmux-on-fullscreen"
    $t send-keys f; sleep 1
    $t new-window; sleep 2; shoot "$name-tmux-on-other-window"
    $t select-window -t :0; sleep 2; shoot "$name-tmux-on-back"
  fi
  $t kill-server 2>/dev/null || true
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# `render` inside tmux (passthrough on): a photo at the prompt, then two more lines of output,
# which must land under it.
run_tmux_render() {
  local t="tmux -L photopager-shots" photo
  photo=$(realpath "$(dirname "$0")/../../Resources/sample/$(ls "$(dirname "$0")/../../Resources/sample" | grep -m1 jpg)")
  $t kill-server 2>/dev/null || true
  "$@" -e $t -f /dev/null new-session -s shots &
  local pid=$!
  sleep 3
  $t set -g allow-passthrough on
  $t set -g status off
  $t send-keys "clear; echo above; $bin render --size 40x10 $photo; echo below; $bin render --size 30x8 $photo; echo end" Enter
  sleep 4
  shoot "xterm-sixel-tmux-on-render"
  $t kill-server 2>/dev/null || true
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

run_tmux xterm-sixel on xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10
run_tmux_render xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10
run_tmux xterm-sixel off xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10
# kitty behind tmux: placed through passthrough, taken off while another window is shown.
run_tmux kitty on env LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_size=10 \
  -o initial_window_width=1100 -o initial_window_height=700 -o remember_window_size=no
