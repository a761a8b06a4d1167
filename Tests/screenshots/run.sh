#!/usr/bin/env bash
# Screenshots of the pager in real terminals under Xvfb: xterm -ti vt340 (sixel) and kitty
# (kitty graphics), each showing the grid, the pager and fullscreen; then each with tmux in
# between: passthrough on (pager, fullscreen, another tmux window, back; `render` at the prompt),
# and off (half-blocks and the hint on the grid). Writes PNGs to OUTDIR. The direct runs also
# zoom in and pan, and show the filmstrip; so do foot (sixel, Wayland only: a headless sway) and
# Konsole (auto, then forced --renderer sixel, which leaves stale images). PHOTOS: a folder to
# open instead of the bundled set (big photos show what a zoom keeps). SHOTS picks runs, a list
# of direct (xterm+kitty), tmux, foot, konsole; default all. Each terminal's stderr goes to
# OUTDIR/NAME.stderr (kitty logs the application's protocol mistakes there).
# Needs: xvfb xterm kitty xdotool imagemagick tmux foot sway grim wtype konsole (apt-get install
# them first); foot runs as the user ppshots (FOOT_USER), made here when run as root.
set -euo pipefail
bin=$(realpath "${1:?usage: run.sh PATH/TO/photopager [OUTDIR]}")
photos=${PHOTOS:-}
out=$(realpath -m "${2:-screenshots}")
mkdir -p "$out"
# A binary outside the checkout (a copy, a build elsewhere) finds no bundled set next to it.
export PHOTOPAGER_DATA=${PHOTOPAGER_DATA:-$(realpath "$(dirname "$0")/../../Resources")}
shots=" ${SHOTS:-all} "; shots=${shots//,/ }
want() { [[ $shots == *" $1 "* || $shots == *" all "* ]]; }

pids=()  # servers to stop however the script ends
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
export DISPLAY=:77
if want direct || want tmux || want konsole; then
  Xvfb "$DISPLAY" -screen 0 1100x700x24 >/dev/null 2>&1 &
  pids+=($!)
  sleep 1
fi

# X11 by default; a foot run sets $wayland and shoots and types through the compositor.
wayland=
shoot() {
  if [ -n "$wayland" ]; then as_user grim - >"$out/$1.png"; else import -window root "$out/$1.png"; fi
  echo "wrote $out/$1.png"
}
keys() {
  if [ -n "$wayland" ]; then
    # wtype makes a new virtual keyboard each call: a key sent before the compositor has taken
    # its keymap is lost, so every call waits first.
    local k args=()
    for k in "$@"; do args+=(-s 120 -k "$k"); done
    as_user wtype -s 300 "${args[@]}"
  else
    xdotool key --delay 120 "$@"
  fi
  sleep 1.5
}

# The same walk through the app in every terminal: grid, pager, next, zoom, pan, filmstrip,
# fullscreen, back to the grid, quit.
steps() {  # name
  local name=$1
  shoot "$name-grid"
  keys Right Return; shoot "$name-pager"
  keys Right; shoot "$name-pager-next"
  keys plus plus plus; sleep 2; shoot "$name-zoom"
  keys l l j; sleep 2; shoot "$name-zoom-pan"
  keys 0 t; shoot "$name-filmstrip"
  keys t f; shoot "$name-fullscreen"
  keys f Escape; shoot "$name-grid-again"
  keys q
  sleep 1
}

run_in() {  # name, command...; $settle: seconds the terminal gets to start and draw (default 4)
  local name=$1; shift
  "$@" 2>"$out/$name.stderr" &
  local pid=$!
  sleep "${settle:-4}"
  xdotool search --sync --pid "$pid" 2>/dev/null | head -1 | xargs -r xdotool windowfocus --sync 2>/dev/null || true
  steps "$name"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

if want direct; then
  run_in xterm-sixel xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10 -e "$bin" $photos
  run_in kitty env LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_size=10 \
    -o initial_window_width=1100 -o initial_window_height=700 -o remember_window_size=no "$bin" $photos
fi

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

if want tmux; then
  run_tmux xterm-sixel on xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10
  run_tmux_render xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10
  run_tmux xterm-sixel off xterm -ti vt340 -geometry 110x34 -fa Monospace -fs 10
  # kitty behind tmux: placed through passthrough, taken off while another window is shown.
  run_tmux kitty on env LIBGL_ALWAYS_SOFTWARE=1 kitty --config NONE -o font_size=10 \
    -o initial_window_width=1100 -o initial_window_height=700 -o remember_window_size=no
fi

# foot draws sixel on Wayland only: a headless sway (software rendering, one 1100x700 output,
# no bar, no borders, so foot's single window fills it), grim to shoot, wtype to type. sway
# refuses root, so as root everything Wayland runs as $FOOT_USER, made if missing, with its own
# runtime dir, and a world-readable copy of the binary and the bundled set.
# uenv: env -i and the user's environment, set by run_foot. Background commands spell it out so
# that $! is runuser itself (a function in the background is a subshell), which passes on kill.
as_user() { $run_as "${uenv[@]}" ${wayland:+WAYLAND_DISPLAY=$wayland} "$@"; }

run_foot() {
  local user=${FOOT_USER:-ppshots} user_home share pid sway socket i
  run_as=
  if [ "$(id -u)" = 0 ]; then
    id "$user" >/dev/null 2>&1 || useradd -m "$user"
    run_as="runuser -u $user --"
  else
    user=$(id -un)
  fi
  user_home=$(getent passwd "$user" | cut -d: -f6)
  rt=$(mktemp -d /tmp/photopager-shots-run.XXXXXX)
  chown "$user": "$rt"; chmod 700 "$rt"
  share=$(mktemp -d /tmp/photopager-shots-share.XXXXXX)
  cp "$bin" "$share/photopager"
  cp -r "$PHOTOPAGER_DATA" "$share/data"
  uenv=(env -i HOME="$user_home" PATH="$PATH" XDG_RUNTIME_DIR="$rt" PHOTOPAGER_DATA="$share/data")
  printf '%s\n' 'output HEADLESS-1 resolution 1100x700' 'default_border none' \
    'default_floating_border none' 'xwayland disable' >"$share/sway.conf"
  chmod -R a+rX "$share"
  if [ -n "$photos" ] && ! as_user test -r "$photos"; then
    echo "PHOTOS ($photos) is not readable by $user" >&2; return 1
  fi
  $run_as "${uenv[@]}" WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 \
    sway -c "$share/sway.conf" >"$out/sway.log" 2>&1 &
  sway=$!; pids+=("$sway")
  for i in $(seq 50); do
    socket=$(cd "$rt" && ls wayland-? 2>/dev/null | head -1) || true
    [ -n "$socket" ] && break
    sleep 0.2
  done
  [ -n "$socket" ] || { echo "sway made no Wayland socket; see $out/sway.log" >&2; return 1; }
  wayland=$socket
  sleep 1
  $run_as "${uenv[@]}" WAYLAND_DISPLAY="$wayland" foot -o font=monospace:size=10 \
    "$share/photopager" $photos 2>"$out/foot.stderr" &
  pid=$!
  sleep 4
  steps foot
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  kill "$sway" 2>/dev/null || true
  wait "$sway" 2>/dev/null || true
  wayland=
  rm -rf "$rt" "$share"
}

# Konsole from a fresh HOME, so no ~/.config is read: a profile without the scrollbar, and a
# konsolerc with the window at the screen's size, no menubar, no tabbar, and a main-window
# State (QMainWindow::saveState) whose two toolbars have their shown byte cleared: the toolbars
# follow only State, not a Hidden key.
konsole_home() {
  local home
  home=$(mktemp -d /tmp/photopager-shots-konsole.XXXXXX)
  mkdir -p "$home/.config" "$home/.local/share/konsole"
  cat >"$home/.local/share/konsole/photopager.profile" <<'PROFILE'
[General]
Name=photopager
Parent=FALLBACK/

[Appearance]
Font=Monospace,10,-1,5,50,0,0,0,0,0

[Scrolling]
ScrollBarPosition=2
PROFILE
  cat >"$home/.config/konsolerc" <<'RC'
[Desktop Entry]
DefaultProfile=photopager.profile

[MainWindow]
1100x700 screen: Height=700
1100x700 screen: Width=1100
MenuBar=Disabled
ToolBarsMovable=Disabled
State=AAAA/wAAAAD9AAAAAQAAAAAAAAAAAAAAAPwCAAAAAvsAAAAiAFEAdQBpAGMAawBDAG8AbQBtAGEAbgBkAHMARABvAGMAawAAAAAA/////wAAATcA////+wAAABwAUwBTAEgATQBhAG4AYQBnAGUAcgBEAG8AYwBrAAAAAAD/////AAAA5gD///8AAAOIAAACMgAAAAQAAAAEAAAACAAAAAj8AAAAAQAAAAIAAAACAAAAFgBtAGEAaQBuAFQAbwBvAGwAQgBhAHIAAAAAAP////8AAAAAAAAAAAAAABwAcwBlAHMAcwBpAG8AbgBUAG8AbwBsAGIAYQByAAAAAKD/////AAAAAAAAAAA=

[TabBar]
TabBarVisibility=AlwaysHideTabBar
RC
  echo "$home"
}

run_konsole() {  # name, photopager options...
  local name=$1 home; shift
  home=$(konsole_home)
  # Its first start in a fresh HOME builds caches, and it opens at its default size and then
  # grows to the configured one, redrawing (and showing a "Size: 136 x 34" overlay) meanwhile.
  settle=8 run_in "$name" env HOME="$home" QT_QPA_PLATFORM=xcb konsole --separate --nofork -e "$bin" "$@" $photos
  rm -rf "$home"
}

if want foot; then run_foot; fi
if want konsole; then
  run_konsole konsole
  # Konsole's sixel keeps images the app has drawn over (a known problem): forced, to show it.
  run_konsole konsole-sixel --renderer sixel
fi
