#!/usr/bin/env python3
"""make bench, interactive part: photopager in a pseudo-terminal, timed as a person feels it.

usage: pager_bench.py PHOTOPAGER BENCH_PHOTOS_DIR SAMPLE_PHOTOS_DIR [--quick]

The terminal is 120x40 cells of 10x20 px and answers DA1 like `xterm -ti vt340` (sixel), plus
CSI 14t/16t; nothing else. Two folders are made in a temp dir, of symlinks cycling through the
bench and sample photos: 48 photos, and 10,000. Each run starts with an empty cache, except the
"10k+" row: the 10,000-photo folder opened again with the thumbnail cache of the run before.
Per renderer (sixel, kitty, blocks) it prints:
  first frame     spawn -> end of the first synchronized frame (CSI ?2026l)
  settled         spawn -> output quiet for 0.5 s (every visible thumbnail drawn)
  flip p50/p90    after 1 s to prefetch, → -> end of the first frame holding image bytes
  flip bytes      written from the key to the end of that frame (idle writes before the key
                  are not counted)
  revisit         ← back to the photo before, same measure
  held            10k folder: → at 60 keys/s for 5 s, ms from the last key to the last image
                  frame (0 when the last photo was already on screen)
  zoom, pan       48 folder: + twice (a new level: a decode at its size), then l (a pan: a crop of
                  that decode), each ms from the key to the end of its image frame
  rss             peak resident memory (VmHWM)
Image bytes: a sixel DCS (ESC P … q), a kitty command (ESC _G) or an iTerm2 OSC 1337; for
blocks, a frame that repaints more than 2,000 half-block cells.

The reader keeps the stream in one growing buffer and searches only what is new (plus a
sequence's length back), so a megabyte frame costs the harness microseconds, not the
quadratic re-scan that would be measured as the app's time.
"""
import fcntl, os, pty, re, select, shutil, signal, struct, sys, tempfile, termios, time

END = b"\x1b[?2026l"
IMAGE = re.compile(rb"\x1bP[0-9;]*q|\x1b_G|\x1b\]1337;File")
HALF_BLOCK = "▀".encode()
COLS, ROWS, CW, CH = 120, 40, 10, 20


def answer_queries(fd, data):
    """Answer as a VT340-like xterm would: DA1 with sixel, the cell and window pixel sizes."""
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
    def __init__(self, argv, env):
        self.pid, self.fd = spawn(argv, env)
        self.start = time.perf_counter()
        self.stream = bytearray()
        self.scanned = 0          # where the next search for END starts
        self.frame_start = 0
        self.frames = []          # (time, end offset, holds an image)
        self.last_output = self.start

    def pump(self, seconds):
        for data in read_for(self.fd, seconds):
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


def make_folder(root, count, photos):
    os.makedirs(root)
    for n in range(count):
        source = photos[n % len(photos)]
        os.symlink(source, os.path.join(root, "%05d-%s" % (n, os.path.basename(source))))
    return root


def measure(binary, renderer, folder, env, flips, hold_keys, zoom=False):
    term = Pty([binary, "--renderer", renderer, folder], env)
    term.pump(1.0)
    first = (term.frames[0][0] - term.start) * 1000 if term.frames else None
    settled = (term.settle() - term.start) * 1000
    term.pump(0.2)
    sent, offset = term.key(b"\r")                     # open the pager
    term.answer(sent, offset)
    times, sizes = [], []
    for _ in range(flips):
        term.pump(1.0)                                   # time to prefetch the neighbours
        sent, offset = term.key(b"\x1b[C")
        ms, size = term.answer(sent, offset)
        times.append(ms)
        sizes.append(size)
    term.pump(1.0)
    sent, offset = term.key(b"\x1b[D")
    revisit_ms, revisit_bytes = term.answer(sent, offset)
    zoom_ms = pan_ms = None
    if zoom:
        term.pump(1.0)
        for _ in range(2):
            sent, offset = term.key(b"+")
            zoom_ms, _ = term.answer(sent, offset)
            term.pump(0.5)
        sent, offset = term.key(b"l")
        pan_ms, _ = term.answer(sent, offset)
        term.pump(0.5)
        term.key(b"0")
    held = None
    if hold_keys:
        for _ in range(hold_keys):                       # held →: 60 keys a second
            os.write(term.fd, b"\x1b[C")
            term.pump(1 / 60)
        released = time.perf_counter()
        term.settle(quiet=0.5, limit=10)
        after = [when for when, _, image in term.frames if image and when >= released]
        held = round((max(after) - released) * 1000, 1) if after else 0.0
    rss = term.rss_mb()
    term.close()
    return {"first": first, "settled": settled, "p50": percentile(times, 0.5), "p90": percentile(times, 0.9),
            "bytes": percentile(sizes, 0.5), "revisit": revisit_ms, "revisit_bytes": revisit_bytes,
            "held": held, "rss": rss, "zoom": zoom_ms, "pan": pan_ms}


def main():
    binary, bench, sample = sys.argv[1:4]
    quick = "--quick" in sys.argv
    # --filmstrip: the pager runs with its filmstrip on (issue 9: the flip figures must hold).
    filmstrip = "--filmstrip" in sys.argv
    photos = sorted(os.path.join(os.path.abspath(d), f) for d in (bench, sample) for f in os.listdir(d)
                    if f.lower().endswith((".jpg", ".png", ".webp")))
    work = tempfile.mkdtemp(prefix="photopager-pager-bench-")
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": work, "XDG_CACHE_HOME": work + "/cache",
           "XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state"}
    if filmstrip:
        os.makedirs(work + "/state/photopager")
        with open(work + "/state/photopager/state", "w") as state:
            state.write("filmstrip = on\n")
    try:
        small = make_folder(work + "/48", 48, photos)
        big = make_folder(work + "/10k", 10_000, photos)
        fmt = "  %-7s %-4s first %6s ms  settled %7s ms  flip p50 %6s p90 %6s ms %9s B  revisit %6s ms  held %6s ms  rss %5s MB%s"
        for renderer in ("sixel",) if quick else ("sixel", "kitty", "blocks"):
            for name, folder in (("48", small), ("10k", big), ("10k+", big)):
                if name != "10k+":
                    shutil.rmtree(work + "/cache", ignore_errors=True)      # cold: nothing kept
                r = measure(binary, renderer, folder, env, 4 if quick else 12, 300 if name == "10k" else 0,
                            zoom=name == "48")
                show = lambda v: "-" if v is None else ("%.1f" % v if isinstance(v, float) else str(v))
                print(fmt % (renderer, name, show(r["first"]), show(r["settled"]), show(r["p50"]), show(r["p90"]),
                             show(r["bytes"]), show(r["revisit"]), show(r["held"]), show(r["rss"]),
                             "  zoom %s ms  pan %s ms" % (show(r["zoom"]), show(r["pan"])) if name == "48" else ""))
                sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
