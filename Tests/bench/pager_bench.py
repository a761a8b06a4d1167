#!/usr/bin/env python3
"""make bench, interactive part: photopager in a pseudo-terminal, timed as a person feels it.

usage: pager_bench.py PHOTOPAGER BENCH_PHOTOS_DIR SAMPLE_PHOTOS_DIR [--quick] [--filmstrip]
                      [--100k] [--mbit N[,N...]]...

The terminal is 120x40 cells of 10x20 px and answers DA1 like `xterm -ti vt340` (sixel), plus
CSI 14t/16t; nothing else. Folders are made in a temp dir, of symlinks cycling through the
bench and sample photos: 48 photos, 10,000 and (with --100k) 100,000. Each run starts with an
empty cache, except the "10k+" row: the 10,000-photo folder opened again with the thumbnail
cache of the run before. Per renderer (sixel, kitty, blocks) it prints:
  first frame     spawn -> end of the first synchronized frame (CSI ?2026l)
  settled         spawn -> the last output before 0.5 s of quiet (every visible thumbnail
                  drawn); the quiet window itself is not counted
  flip p50/p90    after 1 s to prefetch, → -> end of the first frame holding image bytes
  flip bytes      written from the key to the end of that frame (idle writes before the key
                  are not counted)
  revisit         ← back to the photo before, same measure
  held            10k folder: → at 60 keys/s for 5 s, ms from the last key to the last image
                  frame (0 when the last photo was already on screen)
  zoom, pan       48 folder: + twice (a new level: a decode at its size), then l (a pan: a crop of
                  that decode), each ms (and bytes) from the key to the end of its image frame
  rss             peak resident memory (VmHWM)
A "kitty 48 reading files" row is a kitty on this machine: the terminal also answers kitty's
graphics queries OK and reads (and deletes) the files of `t=t` transmissions, as kitty does; its
zoom and pan are the goals' kitty pan (the other kitty rows are kitty reached inline, as over ssh).
The "100k" row (--100k; on in a full run) is a cold 100,000-photo folder: first frame,
settled, 3 flips, and rss, the peak after them. One line more times `photopager list` of that
folder, stdout to /dev/null: wall time, best of 2, and that run's CPU time.
--mbit N (given again or as a list: --mbit 8,20) adds per speed a sixel and a kitty row on a
cold 10k folder, the terminal at the far end of an N megabit/s link: the harness reads no
sooner than the link has carried the bytes, so the app's writes wait as they would for sshd;
the link carries only what has been written, so an idle link saves up nothing. Unthrottled,
the reading is as before. Per row: first frame, settled, flip p50/p90, flip bytes (what
reached the terminal from the key to the end of the frame, what was still on the link from
before the key included: the flip waits for it), and held: → at 60 keys/s for 3 s, then the
time of the last byte after the release (before 0.5 s of quiet) and the bytes after it.
Last, a goals table (issue 17): each figure, what was measured, the goal, "met" or "NOT met",
and for one not met what bounds it where the harness can tell: for a slow link the floor the
link alone sets, bytes x 8 / (N x 10^6) s; settled, the first frame and the bytes drawn; rss,
the peak at the settled grid; list, its CPU time. A figure not measured names its option.
--quick: sixel only, 4 flips; no 100k or slow-link rows unless asked for (--100k, --mbit).
--filmstrip: the pager runs with its filmstrip on (issue 9: the flip figures must hold), and a
sixel 10k run without the strip is added to compare the turns ("the same": within 10 % or 5 ms).
Image bytes: a sixel DCS (ESC P … q), a kitty command (ESC _G) or an iTerm2 OSC 1337; for
blocks, a frame that repaints more than 2,000 half-block cells.

The reader keeps the stream in one growing buffer and searches only what is new (plus a
sequence's length back), so a megabyte frame costs the harness microseconds, not the
quadratic re-scan that would be measured as the app's time.
"""
import argparse, array, base64, fcntl, os, pty, re, resource, select, shutil, signal, struct, subprocess, sys
import tempfile, termios, time

END = b"\x1b[?2026l"
IMAGE = re.compile(rb"\x1bP[0-9;]*q|\x1b_G|\x1b\]1337;File")
HALF_BLOCK = "▀".encode()
COLS, ROWS, CW, CH = 120, 40, 10, 20
RIGHT, LEFT = b"\x1b[C", b"\x1b[D"


# A kitty on this machine (the "kitty files" row): it answers kitty's graphics queries OK and
# reads the pixels of a `t=t` transmission from its file, then deletes it, as kitty does.
KITTY_LOCAL = {"on": False}
KITTY_COMMAND = re.compile(rb"\x1b_G([^;\x1b]*);?([^\x1b]*)\x1b\\")


def answer_kitty(fd, data):
    for keys, payload in KITTY_COMMAND.findall(data):
        fields = dict(kv.split(b"=", 1) for kv in keys.split(b",") if b"=" in kv)
        if fields.get(b"t") == b"t":
            try:
                os.remove(base64.b64decode(payload).decode())
            except (OSError, ValueError):
                pass
        if fields.get(b"a") == b"q" and b"i" in fields:
            os.write(fd, b"\x1b_Gi=%s;OK\x1b\\" % fields[b"i"])


def answer_queries(fd, data):
    """Answer as a VT340-like xterm would: DA1 with sixel, the cell and window pixel sizes."""
    if KITTY_LOCAL["on"] and b"\x1b_G" in data:
        answer_kitty(fd, data)
    if b"\x1b[c" in data:
        os.write(fd, b"\x1b[?63;1;2;4;6;9;15;22c")
    if b"\x1b[16t" in data:
        os.write(fd, b"\x1b[6;%d;%dt" % (CH, CW))
    if b"\x1b[14t" in data:
        os.write(fd, b"\x1b[4;%d;%dt" % (ROWS * CH, COLS * CW))


def read_for(fd, seconds):
    """What the app writes during `seconds` (until it goes quiet or exits), chunk by chunk,
    each answered as the terminal would."""
    deadline = time.perf_counter() + seconds
    while (left := deadline - time.perf_counter()) > 0:
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return
        try:
            data = os.read(fd, 1 << 20)
        except OSError:
            return
        if not data:
            return
        answer_queries(fd, data)
        yield data


def queued(fd):
    """Bytes the app has written that the terminal's side has not read yet."""
    count = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, count)
    return count[0]


class Link:
    """The terminal's side of a link of `mbit` megabit/s: bytes are read no sooner than the link
    has carried them, so the app's writes wait as they would for sshd. The link carries only what
    has been written: an idle link saves up nothing for later."""

    GRACE = 0.001     # the kernel hands on what a blocked write holds in well under this

    def __init__(self, mbit):
        self.mbit = mbit
        self.rate = mbit * 1e6 / 8                  # bytes a second
        self.grain = max(1, int(self.rate / 500))   # read 2 ms of the link at a time, or what is queued
        self.carried_until = time.perf_counter()    # when the link is done with what has been read
        self.empty_at = self.carried_until          # when nothing was last waiting to be read

    def read_for(self, fd, seconds):
        """read_for(fd, seconds), at the link's speed."""
        deadline = time.perf_counter() + seconds
        while (left := deadline - time.perf_counter()) > 0:
            ready, _, _ = select.select([fd], [], [], 0)
            if not ready:                           # wait for the app; nothing was on the link till then
                ready, _, _ = select.select([fd], [], [], left)
                self.empty_at = time.perf_counter()
                if not ready:
                    return
            # What is waiting was written after the link last found nothing to carry.
            self.carried_until = max(self.carried_until, self.empty_at - self.GRACE)
            budget = int((time.perf_counter() - self.carried_until) * self.rate)
            need = min(self.grain, queued(fd)) or 1
            if budget < need:                       # still on the wire: wait, reading nothing
                time.sleep(min(left, (need - budget) / self.rate))
                continue
            try:
                data = os.read(fd, min(budget, 1 << 20))
            except OSError:
                return
            if not data:
                return
            self.carried_until += len(data) / self.rate
            answer_queries(fd, data)
            yield data

    def floor_ms(self, size):
        """The least time the link alone takes to carry `size` bytes."""
        return size * 8 / (self.mbit * 1e6) * 1000


def spawn(argv, env):
    """`argv` with exactly `env` in a new pty of COLS x ROWS cells of CW x CH px: (pid, fd)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.clear()
        os.environ.update(env)
        os.execv(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, COLS * CW, ROWS * CH))
    return pid, fd


class Pty:
    def __init__(self, argv, env, link=None):
        self.pid, self.fd = spawn(argv, env)
        self.link = link          # None: read as fast as the app writes
        self.start = time.perf_counter()
        self.stream = bytearray()
        self.scanned = 0          # where the next search for END starts
        self.frame_start = 0
        self.frames = []          # (time, end offset, holds an image)
        self.last_output = self.start

    def pump(self, seconds):
        chunks = read_for(self.fd, seconds) if self.link is None else self.link.read_for(self.fd, seconds)
        for data in chunks:
            now = time.perf_counter()
            self.last_output = now
            self.stream += data
            while True:
                at = self.stream.find(END, max(self.frame_start, self.scanned - len(END)))
                if at < 0:
                    self.scanned = len(self.stream)
                    break
                end = at + len(END)
                frame = bytes(self.stream[self.frame_start:end])
                image = IMAGE.search(frame) is not None or frame.count(HALF_BLOCK) > 2000
                self.frames.append((now, end, image))
                self.frame_start = self.scanned = end

    def settle(self, quiet=0.5, limit=20.0):
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            self.pump(0.05)
            if time.perf_counter() - self.last_output >= quiet:
                break
        return self.last_output

    def key(self, data):
        """Sends a key; returns (when, stream offset) to measure the answer from."""
        self.pump(0)
        sent = time.perf_counter()
        os.write(self.fd, data)
        return sent, len(self.stream)

    def answer(self, sent, offset, limit=5.0):
        """ms and bytes from a key to the end of the first frame with an image after it."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            for when, end, image in self.frames:
                if image and end > offset and when >= sent:
                    return (when - sent) * 1000, end - offset
            self.pump(0.02)
        return None, None

    def rss_mb(self):
        for line in open("/proc/%d/status" % self.pid):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return None

    def close(self):
        try:
            os.write(self.fd, b"\x03")
            self.pump(0.3)
        except OSError:
            pass
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(self.pid, 0)


def percentile(values, fraction):
    values = sorted(v for v in values if v is not None)
    return round(values[min(len(values) - 1, int(len(values) * fraction))], 1) if values else None


def make_folder(root, count, photos, sidecars=False):
    """`sidecars`: an XMP sidecar (3 stars) beside each photo, as a culled folder has them."""
    os.makedirs(root)
    for n in range(count):
        source = photos[n % len(photos)]
        name = os.path.join(root, "%05d-%s" % (n, os.path.basename(source)))
        os.symlink(source, name)
        if sidecars:
            with open(name + ".xmp", "w") as xmp:
                xmp.write(SIDECAR)
    return root


SIDECAR = """<?xml version="1.0" encoding="UTF-8"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="photopager">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmp:Rating="3"/>
 </rdf:RDF>
</x:xmpmeta>
"""


def measure(binary, renderer, folder, env, flips, hold_keys, zoom=False, link=None):
    """`folder`: a folder, or the list of arguments that name the source (`--immich URL`)."""
    term = Pty([binary, "--renderer", renderer] + (folder if isinstance(folder, list) else [folder]), env, link)
    term.pump(1.0)
    while not term.frames and time.perf_counter() - term.start < 10:   # a slow start (a cold binary)
        term.pump(0.05)
    first = (term.frames[0][0] - term.start) * 1000 if term.frames else None
    settled = (term.settle(limit=60 if link else 20) - term.start) * 1000
    grid_bytes, grid_rss = len(term.stream), term.rss_mb()
    term.pump(0.2)
    sent, offset = term.key(b"\r")                     # open the pager
    term.answer(sent, offset)
    times, sizes, floors = [], [], []
    for _ in range(flips):
        term.pump(1.0)                                   # time to prefetch the neighbours
        sent, offset = term.key(RIGHT)
        ms, size = term.answer(sent, offset, limit=15 if link else 5)
        times.append(ms)
        sizes.append(size)
        if link and size is not None:                    # the least the link takes to carry them
            floors.append(link.floor_ms(size))
    term.pump(1.0)
    sent, offset = term.key(LEFT)
    revisit_ms, revisit_bytes = term.answer(sent, offset)
    zoom_ms = zoom_bytes = pan_ms = pan_bytes = None
    if zoom:
        term.pump(1.0)
        for _ in range(2):
            sent, offset = term.key(b"+")
            zoom_ms, zoom_bytes = term.answer(sent, offset)
            term.pump(0.5)
        sent, offset = term.key(b"l")
        pan_ms, pan_bytes = term.answer(sent, offset)
        term.pump(0.5)
        term.key(b"0")
    held = quiet = quiet_bytes = None
    if hold_keys:
        for _ in range(hold_keys):                       # held →: 60 keys a second
            os.write(term.fd, RIGHT)
            term.pump(1 / 60)
        released, read_before = time.perf_counter(), len(term.stream)
        last = term.settle(quiet=0.5, limit=60 if link else 10)
        after = [when for when, _, image in term.frames if image and when >= released]
        held = round((max(after) - released) * 1000, 1) if after else 0.0
        quiet = round(max(0.0, last - released) * 1000, 1)
        quiet_bytes = len(term.stream) - read_before
    rss = term.rss_mb()
    term.close()
    return {"first": first, "settled": settled, "grid_bytes": grid_bytes, "grid_rss": grid_rss,
            "p50": percentile(times, 0.5), "p90": percentile(times, 0.9), "bytes": percentile(sizes, 0.5),
            "floor50": percentile(floors, 0.5), "floor90": percentile(floors, 0.9),
            "revisit": revisit_ms, "revisit_bytes": revisit_bytes, "held": held, "quiet": quiet,
            "quiet_bytes": quiet_bytes, "rss": rss, "zoom": zoom_ms, "zoom_bytes": zoom_bytes,
            "pan": pan_ms, "pan_bytes": pan_bytes}


def time_list(binary, folder, env, runs=2):
    """`photopager list FOLDER > /dev/null`: best wall time of `runs` (s), with that run's CPU (user, sys)."""
    best = None
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        try:
            done = subprocess.run([binary, "list", folder], env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
        except subprocess.TimeoutExpired:
            print("  photopager list took over 120 s")
            return None
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            print("  photopager list failed (%d): %s" % (done.returncode, done.stderr.decode(errors="replace")[:200]))
            return None
        if best is None or wall < best[0]:
            best = (wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime)
    return best


def show(value):
    return "-" if value is None else ("%.1f" % value if isinstance(value, float) else str(value))


def goals(results, renderers, listing, filmstrip):
    """Issue 17's goals beside what this run measured: rows of (what, measured, goal, verdict,
    what bounds it when not met, where the harness can tell). A figure this run did not measure
    says which option measures it."""
    rows = []

    def goal(what, value, limit, unit, bound=None, missing="not run", wanted=None):
        wanted = wanted or "≤ %s %s" % (show(limit), unit)
        if value is None:
            rows.append((what, "-", wanted, missing, None))
        else:
            met = value <= limit
            rows.append((what, "%s %s" % (show(value), unit), wanted, "met" if met else "NOT met", None if met else bound))

    def link_bound(floor, what, mbit, limit):
        """What a link of `mbit` alone costs: the bound when it is past the goal."""
        floor_text = "%s ms for %s at %g Mbit/s" % (show(round(floor, 1)), what, mbit)
        return "the link, at least " + floor_text if floor > limit else "not the link (its floor: %s)" % floor_text

    for mbit, renderer, figure, limit in ((20, "kitty", "held", 800), (8, "kitty", "p50", 300),
                                          (8, "kitty", "held", 1200), (8, "sixel", "p50", 300),
                                          (20, "sixel", "p90", 150)):
        r = results.get((renderer, "%g Mbit" % mbit))
        missing = "not run (--mbit %g)" % mbit
        if figure == "held":
            bound = r and link_bound(Link(mbit).floor_ms(r["quiet_bytes"]), "%d B after the release" % r["quiet_bytes"],
                                     mbit, limit)
            goal("%g Mbit/s %s: held → 3 s, quiet after release" % (mbit, renderer), r and r["quiet"], limit, "ms",
                 bound, missing)
        else:
            floor = r and r["floor" + figure[1:]]
            bound = floor is not None and link_bound(floor, "the flip's bytes (%s B at p50)" % show(r["bytes"]),
                                                     mbit, limit)
            goal("%g Mbit/s %s: → %s" % (mbit, renderer, figure), r and r[figure], limit, "ms", bound, missing)
    for renderer in renderers:
        r = results.get((renderer, "100k"))
        goal("100k %s: first frame" % renderer, r and r["first"], 200, "ms", None, "not run (--100k)")
        bound = r and ("%s MB already at the settled grid, before any flip" if (r["grid_rss"] or 0) > 120 else
                       "%s MB at the settled grid; the flips add the rest") % show(r["grid_rss"])
        goal("100k %s: peak RSS after 3 flips" % renderer, r and r["rss"], 120, "MB", bound, "not run (--100k)")
    goal("photopager list of 100k files", listing and round(listing[0], 2), 1.5, "s",
         listing and "CPU %.2f s user + %.2f s sys" % listing[1:], "not run (--100k)")
    for renderer in renderers:
        for name, limit, how in (("10k", 400, "cold"), ("10k+", 150, "from the cache")):
            r = results.get((renderer, name))
            bound = r and "first frame at %s ms, %d kB written by the last output" % (
                show(r["first"]), r["grid_bytes"] // 1000)
            goal("%s %s: settled (last output), %s" % (name, renderer, how), r and r["settled"], limit, "ms", bound)
    # kitty on this machine (it reads our files): a pan inside the region it holds is a placement.
    # Reached inline (ssh), the region would be 4x the view's bytes: there the view itself goes.
    r, inline = results.get(("kitty", "48 files")), results.get(("kitty", "48"))
    goal("kitty pan while zoomed (kitty here, reading files)", r and r["pan"], 5, "ms",
         r and "%s B written" % show(r["pan_bytes"]), "not run (full run)")
    goal("kitty pan bytes (key to the end of its frame)", r and r["pan_bytes"], 2000, "B", None, "not run (full run)")
    goal("kitty pan while zoomed, inline (ssh)", inline and inline["pan"], 5, "ms",
         inline and "%s B written: the view itself, inline" % show(inline["pan_bytes"]), "not run (full run)")
    r = results.get(("sixel", "48"))
    goal("sixel zoom step", r and r["zoom"], 50, "ms", r and "%s B of sixel" % show(r["zoom_bytes"]))
    strip, plain = results.get(("sixel", "10k")), results.get(("sixel", "10k, no strip"))
    if filmstrip and plain and plain["p50"] is not None:
        same = round(max(plain["p50"] * 1.1, plain["p50"] + 5), 1)     # the same, give or take 10 % or 5 ms
        bound = strip["p50"] is not None and "the strip adds %.1f ms; %s B a flip vs %s B" % (
            strip["p50"] - plain["p50"], show(strip["bytes"]), show(plain["bytes"]))
        goal("sixel → p50 with the strip (%s ms without)" % show(plain["p50"]), strip["p50"], same, "ms", bound)
    else:
        goal("sixel → with the strip", None, None, "ms", None, "not run (--filmstrip)", wanted="as without")
    goal("held → with the strip (sixel 10k)", strip["held"] if filmstrip and strip else None, 100, "ms", None,
         "not run (--filmstrip)")
    return rows


def main():
    parser = argparse.ArgumentParser(description="photopager in a pseudo-terminal (make bench)")
    parser.add_argument("binary")
    parser.add_argument("bench")
    parser.add_argument("sample")
    parser.add_argument("--quick", action="store_true", help="sixel only, fewer flips")
    parser.add_argument("--filmstrip", action="store_true", help="the pager with its filmstrip on")
    parser.add_argument("--100k", dest="hundred_k", action="store_true", default=None,
                        help="the 100,000-photo rows (on unless --quick)")
    parser.add_argument("--mbit", action="append", default=[], help="link speeds, e.g. 8,20")
    args = parser.parse_args()
    binary, quick, filmstrip = args.binary, args.quick, args.filmstrip
    hundred_k = args.hundred_k if args.hundred_k is not None else not quick
    speeds = [float(s) for value in args.mbit for s in value.split(",") if s.strip()]
    photos = sorted(os.path.join(os.path.abspath(d), f) for d in (args.bench, args.sample) for f in os.listdir(d)
                    if f.lower().endswith((".jpg", ".png", ".webp")))
    work = tempfile.mkdtemp(prefix="photopager-pager-bench-")
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": work, "XDG_CACHE_HOME": work + "/cache",
           "XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state"}

    def remember_strip(on):                             # the app may rewrite its state at exit
        if filmstrip:
            os.makedirs(work + "/state/photopager", exist_ok=True)
            with open(work + "/state/photopager/state", "w") as state:
                state.write("filmstrip = %s\n" % ("on" if on else "off"))

    results = {}
    renderers = ("sixel",) if quick else ("sixel", "kitty", "blocks")
    flips = 4 if quick else 12
    try:
        small = make_folder(work + "/48", 48, photos)
        big = make_folder(work + "/10k", 10_000, photos)
        huge = None
        if hundred_k:
            started = time.perf_counter()
            huge = make_folder(work + "/100k", 100_000, photos)
            print("  (100,000 symlinks made in %.1f s)" % (time.perf_counter() - started))
        fmt = ("  %-7s %-4s first %6s ms  settled %7s ms  flip p50 %6s p90 %6s ms %9s B  revisit %6s ms"
               "  held %6s ms  rss %5s MB%s")
        for renderer in renderers:
            names = ("48", "10k", "10k+") + (("100k",) if huge else ())
            for name in names:
                if name != "10k+":
                    shutil.rmtree(work + "/cache", ignore_errors=True)      # cold: nothing kept
                remember_strip(True)
                folder = {"48": small, "10k": big, "10k+": big, "100k": huge}[name]
                r = measure(binary, renderer, folder, env, 3 if name == "100k" else flips,
                            300 if name == "10k" else 0, zoom=name == "48")
                results[(renderer, name)] = r
                print(fmt % (renderer, name, show(r["first"]), show(r["settled"]), show(r["p50"]), show(r["p90"]),
                             show(r["bytes"]), show(r["revisit"]), show(r["held"]), show(r["rss"]),
                             "  zoom %s ms  pan %s ms %s B" % (show(r["zoom"]), show(r["pan"]), show(r["pan_bytes"]))
                             if name == "48" else ""))
                sys.stdout.flush()
        if "kitty" in renderers:                        # kitty on this machine: zoom and pan
            shutil.rmtree(work + "/cache", ignore_errors=True)
            remember_strip(True)
            KITTY_LOCAL["on"] = True
            try:
                r = results[("kitty", "48 files")] = measure(binary, "kitty", small, env, 4, 0, zoom=True)
            finally:
                KITTY_LOCAL["on"] = False
            print("  kitty   48 reading files: flip p50 %s ms %s B  zoom %s ms %s B  pan %s ms %s B" % (
                show(r["p50"]), show(r["bytes"]), show(r["zoom"]), show(r["zoom_bytes"]), show(r["pan"]),
                show(r["pan_bytes"])))
        if filmstrip:                                   # the turn to compare the strip's against
            shutil.rmtree(work + "/cache", ignore_errors=True)
            remember_strip(False)
            r = results[("sixel", "10k, no strip")] = measure(binary, "sixel", big, env, flips, 0)
            print("  sixel   10k without the strip: flip p50 %s p90 %s ms %s B" % (show(r["p50"]), show(r["p90"]),
                                                                                show(r["bytes"])))
        listing = None
        if huge:
            listing = time_list(binary, huge, env)
            if listing:
                print("  photopager list of 100,000 files > /dev/null: %.2f s (best of 2; CPU %.2f s user, %.2f s sys)"
                      % listing)
            culled = make_folder(work + "/100k-xmp", 100_000, photos, sidecars=True)
            rated = time_list(binary, culled, env)
            if rated and listing:
                print("  the same with an XMP sidecar beside each: %.2f s (x%.2f of without; CPU %.2f s user, %.2f s sys)"
                      % (rated[0], rated[0] / listing[0], rated[1], rated[2]))
        slow_fmt = ("  %-7s 10k @%3g Mbit/s  first %6s ms  settled %7s ms  flip p50 %6s p90 %6s ms %9s B"
                    "  held: quiet %7s ms after release, %s B")
        for mbit in speeds:
            for renderer in ("sixel", "kitty"):
                shutil.rmtree(work + "/cache", ignore_errors=True)
                remember_strip(True)
                link = Link(mbit)
                r = measure(binary, renderer, big, env, flips, 180, link=link)
                results[(renderer, "%g Mbit" % mbit)] = r
                print(slow_fmt % (renderer, mbit, show(r["first"]), show(r["settled"]), show(r["p50"]), show(r["p90"]),
                                  show(r["bytes"]), show(r["quiet"]), show(r["quiet_bytes"])))
                sys.stdout.flush()
        print("  goals (issue 17)%s" % (", the filmstrip on" if filmstrip else ""))
        for what, value, wanted, verdict, bound in goals(results, renderers, listing, filmstrip):
            print("    %-50s %11s  %-10s %s" % (what, value, wanted, verdict))
            if bound:
                print("    %50s bounded by: %s" % ("", bound))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
