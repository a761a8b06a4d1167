#!/usr/bin/env python3
"""make soak: the arrow key held for a long time, per renderer, watching for leaks.

usage: soak.py PHOTOPAGER BENCH_PHOTOS_DIR SAMPLE_PHOTOS_DIR [--seconds 60]

A folder of 1,000 symlinks (cycling through the bench and sample photos) is made in a temp
dir; photopager opens it in a 120x40 pty that answers like a VT340, opens the first photo,
and gets -> at 60 keys/s, turning to <- at the last photo and back at the first. Per renderer
(sixel, kitty, blocks) it prints resident memory sampled each second after a 10 s warm-up
(min, max, and whether the last third's highest stays within 10 % of the first third's:
decoding the biggest photo swings it by design, a leak grows it), open file descriptors at
warm-up and at the end, and whether the photo shown at the end is the one the keys reached.

The reader keeps only the tail of the stream: a soak writes gigabytes.
"""
import os, re, shutil, signal, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pager_bench import make_folder, read_for, spawn  # noqa: E402

COUNT = 1000


class Terminal:
    def __init__(self, argv, env):
        self.pid, self.fd = spawn(argv, env)
        self.tail = b""
        self.limit = 65536          # bytes of the stream kept

    def pump(self, seconds):
        for data in read_for(self.fd, seconds):
            self.tail = (self.tail + data)[-self.limit:]

    def status(self, field):
        for line in open("/proc/%d/status" % self.pid):
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
        return None

    def fds(self):
        return len(os.listdir("/proc/%d/fd" % self.pid))

    def close(self):
        try:
            os.write(self.fd, b"\x03")
            self.pump(0.5)
            os.kill(self.pid, signal.SIGKILL)
        except (OSError, ProcessLookupError):
            pass
        os.waitpid(self.pid, 0)


def soak(binary, renderer, folder, seconds):
    env = {"TERM": "xterm-256color", "COLORTERM": "truecolor", "PATH": "/usr/bin:/bin",
           "HOME": tempfile.mkdtemp(prefix="photopager-soak-home-")}
    term = Terminal([binary, "--renderer", renderer, folder], env)
    term.pump(3.0)
    os.write(term.fd, b"\r")
    term.pump(1.0)
    position, step = 1, 1
    start = time.perf_counter()
    samples, fds_warm = [], None
    next_sample = start + 10
    while time.perf_counter() - start < seconds:
        if position + step < 1 or position + step > COUNT:
            step = -step
        os.write(term.fd, b"\x1b[C" if step > 0 else b"\x1b[D")
        position += step
        term.pump(1 / 60)
        if time.perf_counter() >= next_sample:
            samples.append(term.status("VmRSS"))
            fds_warm = fds_warm or term.fds()
            next_sample += 1
    term.pump(2.0)
    # Frames write only what changed; Ctrl-L repaints everything, the position included.
    term.tail, term.limit = b"", 1 << 26        # the repaint's text comes before its images
    os.write(term.fd, b"\x0c")
    term.pump(1.0)
    shown = re.findall(rb"(\d[\d,]*)/1,000", term.tail)       # the status line groups digits
    last = int(shown[-1].replace(b",", b"")) if shown else None
    fds_end = term.fds()
    peak = term.status("VmHWM")
    term.close()
    shutil.rmtree(env["HOME"], ignore_errors=True)
    # Decoding the biggest photo (72 MB of coefficients for 17.9 MP) swings RSS by design; a
    # leak shows as growth: the last third's highest against the first third's.
    third = max(1, len(samples) // 3)
    first, final = max(samples[:third]), max(samples[-third:])
    flat = final <= first * 1.10
    print("  %-7s rss after warm-up %6.1f .. %6.1f MB, highest first third %6.1f, last third %6.1f (%s)  peak %6.1f MB"
          "  fds %s -> %s  last shown %s, expected %d (%s)"
          % (renderer, min(samples), max(samples), first, final, "flat within 10%" if flat else "GROWING", peak,
             fds_warm, fds_end, last, position, "ok" if last == position else "WRONG"))
    return flat and fds_end <= fds_warm and last == position


def main():
    args = sys.argv[1:]
    seconds = 60.0
    if "--seconds" in args:
        i = args.index("--seconds"); seconds = float(args[i + 1]); del args[i:i + 2]
    binary, bench, sample = (os.path.abspath(a) for a in args[:3])
    photos = sorted(os.path.join(d, f) for d in (bench, sample) for f in os.listdir(d)
                    if f.lower().endswith((".jpg", ".jpeg", ".png", ".webp", ".gif")))
    root = tempfile.mkdtemp(prefix="photopager-soak-")
    try:
        folder = make_folder(os.path.join(root, "1k"), COUNT, photos)
        print("== soak: -> held at 60 keys/s for %d s over %d photos, turning at each end" % (seconds, COUNT))
        results = [soak(binary, renderer, folder, seconds) for renderer in ("sixel", "kitty", "blocks")]
    finally:
        shutil.rmtree(root, ignore_errors=True)
    sys.exit(0 if all(results) else 1)


main()
