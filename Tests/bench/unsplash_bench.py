#!/usr/bin/env python3
"""make bench, Unsplash part: photopager --unsplash against a loopback fixture API.

usage: unsplash_bench.py PHOTOPAGER BENCH_PHOTOS_DIR [--runs 5]
       unsplash_bench.py --serve PORT BENCH_PHOTOS_DIR   (the fixture API alone, to browse by hand:
       UNSPLASH_API_URL=http://127.0.0.1:PORT UNSPLASH_ACCESS_KEY=x photopager --unsplash)

The server (127.0.0.1, ephemeral port, in this process) serves a 90-photo editorial feed,
30 a page, with Link/X-Total/X-Ratelimit headers; `urls.raw` points back at it and is resized
the way imgix does (w, h, fit=max, q=80) with ImageMagick, memoised, so the measured runs see
CDN hits. The app runs in a pseudo-terminal of 120x40 cells of 10x20 px that answers DA1 like a
VT340 (sixel). Prints, cold (empty cache) and cached (second run) and offline (server gone):
  ui_ms      spawn -> first frame
  thumb_ms   spawn -> first frame holding an image
  settled_ms spawn -> output quiet for 0.4 s (every visible thumbnail drawn)
and the bytes fetched per thumbnail against the same photo's `urls.regular` (1080 px wide).
"""
import http.server, json, os, pty, re, select, shutil, signal, struct, subprocess, sys, tempfile
import threading, time, fcntl, termios, urllib.parse

END = b"\x1b[?2026l"
IMAGE = re.compile(rb"\x1bP[0-9;]*q")
TOTAL, PER_PAGE = 90, 30


class Fixture(http.server.BaseHTTPRequestHandler):
    photos, memo, lock, served = [], {}, threading.Lock(), []

    def log_message(self, *args):
        pass

    def send(self, body, kind, headers=()):
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        base = "http://127.0.0.1:%d" % self.server.server_port
        if url.path.startswith("/img/"):
            index = int(url.path[len("/img/p"):]) % len(self.photos)
            w, h = int(query.get("w", 1080)), int(query.get("h", 100000))
            body = resized(self.photos[index], w, h)
            with self.lock:
                self.served.append((url.path, w, h, len(body)))
            return self.send(body, "image/jpeg")
        if url.path != "/photos":
            self.send_response(404)
            self.end_headers()
            return
        page = int(query.get("page", 1))
        first = (page - 1) * PER_PAGE + 1
        items = []
        for n in range(first, min(TOTAL, first + PER_PAGE - 1) + 1):
            items.append({"id": "p%d" % n, "width": 1920, "height": 1280, "color": "#506070",
                          "urls": {"raw": "%s/img/p%d?ixid=x" % (base, n), "regular": "%s/img/p%d?w=1080" % (base, n)},
                          "links": {"html": "https://unsplash.com/photos/p%d" % n,
                                    "download_location": "https://api.unsplash.com/photos/p%d/download" % n},
                          "user": {"name": "Photographer %d" % n, "username": "u%d" % n}})
        links = ['<https://api.unsplash.com/photos?page=%d&per_page=30>; rel="last"' % (TOTAL // PER_PAGE)]
        if first + PER_PAGE <= TOTAL:
            links.append('<https://api.unsplash.com/photos?page=%d&per_page=30>; rel="next"' % (page + 1))
        self.send(json.dumps(items).encode(), "application/json",
                  [("Link", ", ".join(links)), ("X-Total", str(TOTAL)), ("X-Ratelimit-Remaining", "4999")])


def resized(source, w, h):
    """imgix's fit=max at q=80: within w x h, never enlarged."""
    key = (source, w, h)
    with Fixture.lock:
        if key in Fixture.memo:
            return Fixture.memo[key]
    body = subprocess.check_output(["convert", source, "-strip", "-resize", "%dx%d>" % (w, h), "-quality", "80", "jpg:-"])
    with Fixture.lock:
        Fixture.memo[key] = body
    return body


def run(binary, env, seconds=8.0, source=("--unsplash",)):
    """One run of the grid: first frame, first thumbnail, quiet (`source`: the flags that name it)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.clear()
        os.environ.update(env)
        os.execv(binary, [binary] + list(source) + ["--renderer", "sixel"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 1200, 800))
    start = time.perf_counter()
    ui = thumb = None
    last = start
    pending = b""
    while time.perf_counter() - start < seconds:
        ready, _, _ = select.select([fd], [], [], 0.05)
        now = time.perf_counter()
        if not ready:
            if thumb and now - last > 0.4:
                break
            continue
        try:
            data = os.read(fd, 1 << 20)
        except OSError:
            break
        if b"\x1b[c" in data:
            os.write(fd, b"\x1b[?63;1;2;4;6;9;15;22c")
        last = now
        pending += data
        while END in pending:
            frame, pending = pending.split(END, 1)
            ui = ui or now
            if IMAGE.search(frame) and not thumb:
                thumb = now
    os.write(fd, b"q")
    time.sleep(0.2)
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    ms = lambda t: round((t - start) * 1000, 1) if t else None
    return {"ui_ms": ms(ui), "thumb_ms": ms(thumb), "settled_ms": ms(last)}


def median(values):
    values = sorted(v for v in values if v is not None)
    return values[len(values) // 2] if values else None


def load_photos(folder):
    Fixture.photos = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.lower().endswith(".jpg"))


def main():
    if sys.argv[1] == "--serve":
        load_photos(sys.argv[3])
        http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Fixture).serve_forever()
    binary, photos = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    load_photos(photos)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Fixture)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    home = tempfile.mkdtemp(prefix="photopager-bench-")
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": home, "XDG_CACHE_HOME": home + "/cache",
           "XDG_CONFIG_HOME": home + "/config", "UNSPLASH_ACCESS_KEY": "bench",
           "UNSPLASH_API_URL": "http://127.0.0.1:%d" % server.server_port}
    try:
        run(binary, env)                                   # fills the server's memo (CDN hits from now on)
        results = {"cold": [], "cached": [], "offline": []}
        for _ in range(runs):
            shutil.rmtree(home + "/cache", ignore_errors=True)
            Fixture.served.clear()
            results["cold"].append(run(binary, env))
            thumbs = list(Fixture.served)
            results["cached"].append(run(binary, env))
        server.shutdown()
        server.server_close()
        for _ in range(runs):
            results["offline"].append(run(binary, env))
        for name, rows in results.items():
            summary = {key: median([r[key] for r in rows]) for key in ("ui_ms", "thumb_ms", "settled_ms")}
            print("  %-8s first frame %6s ms   first thumbnail %6s ms   settled %6s ms" %
                  (name, summary["ui_ms"], summary["thumb_ms"], summary["settled_ms"]))
        if thumbs:
            per_thumb = sum(t[3] for t in thumbs) / len(thumbs)
            regular = sum(len(resized(Fixture.photos[int(p[len("/img/p"):]) % len(Fixture.photos)], 1080, 100000))
                          for p, _, _, _ in thumbs) / len(thumbs)
            sizes = sorted({"%dx%d" % (w, h) for _, w, h, _ in thumbs})
            print("  thumbnails: %d fetched at %s, %.1f kB each vs %.1f kB for urls.regular (%.0fx fewer bytes)" %
                  (len(thumbs), ", ".join(sizes), per_thumb / 1000, regular / 1000, regular / per_thumb))
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
