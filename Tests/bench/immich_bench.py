#!/usr/bin/env python3
"""make bench, Immich part: photopager --immich against a loopback Immich library.

usage: immich_bench.py PHOTOPAGER BENCH_PHOTOS_DIR [--runs 5] [--assets 3000]
       immich_bench.py --serve PORT BENCH_PHOTOS_DIR   (the library alone, to browse by hand:
       IMMICH_API_KEY=bench photopager --immich http://127.0.0.1:PORT)

The server (127.0.0.1, in this process) answers the v3 API a client needs (server version,
config and features, POST /search/metadata paged 200 at a time, thumbnails, originals) for a
library of --assets photos cycling the bench photos: `thumbnail` is a 250-px WebP and `preview`
a 1440-px JPEG made with ImageMagick and memoised (as Immich makes them once at upload).
Prints, beside unsplash_bench.py's figures (same pty, sixel, 120x40 cells):
  cold / cached / offline   first frame, first thumbnail, every visible thumbnail (quiet 0.4 s)
  the pager →               p50/p90 of a page turn and its bytes, sixel and kitty (previews)
"""
import http.server, json, os, shutil, subprocess, sys, tempfile, threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from unsplash_bench import median, run          # noqa: E402  the grid run, shared with Unsplash's
import pager_bench                              # noqa: E402  the page-turn run

KEY = "bench"


class Library(http.server.BaseHTTPRequestHandler):
    photos, count, memo, lock = [], 3000, {}, threading.Lock()

    def log_message(self, *args):
        pass

    def send(self, body, kind="application/json", status=200):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def asset(self, n):
        source = self.photos[n % len(self.photos)]
        width, height = size(source)
        day = "2024-%02d-%02dT10:00:00.000Z" % (12 - n // 28 % 12, 28 - n % 28)
        return {"id": "asset-%05d" % n, "type": "IMAGE", "originalFileName": "IMG_%05d%s" % (n, os.path.splitext(source)[1]),
                "thumbhash": "k0oGLQaSVsN0BVhn2oq2Z5SQUQcZ", "width": width, "height": height, "isFavorite": False,
                "isTrashed": False, "fileCreatedAt": day, "localDateTime": day, "duration": 0,
                "exifInfo": {"make": "FUJIFILM", "model": "X-T5", "fNumber": 5.6, "exposureTime": "1/250", "iso": 200}}

    def do_GET(self):
        path = self.path.split("?")[0]
        if path == "/api/server/version":
            return self.send(b'{"major":3,"minor":0,"patch":3,"prerelease":false}')
        if path == "/api/server/config":
            return self.send(b'{"externalDomain":""}')
        if path == "/api/server/features":
            return self.send(b'{"smartSearch":false}')
        if self.headers.get("x-api-key") != KEY:
            return self.send(b'{"message":"Invalid API key"}', status=401)
        parts = path.split("/")                       # /api/assets/ID/thumbnail|original
        if len(parts) == 5 and parts[2] == "assets":
            n = int(parts[3].split("-")[1])
            source = self.photos[n % len(self.photos)]
            if parts[4] == "original":
                with open(source, "rb") as f:
                    return self.send(f.read(), "image/jpeg")
            preview = "size=preview" in self.path
            return self.send(rendition(source, preview), "image/jpeg")   # the type Immich sends is not trusted
        self.send(b'{"message":"Cannot GET"}', status=404)

    def do_POST(self):
        if self.headers.get("x-api-key") != KEY:
            return self.send(b'{"message":"Invalid API key"}', status=401)
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        page, per = body.get("page", 1), body.get("size", 250)
        first = (page - 1) * per
        items = [self.asset(n) for n in range(first, min(self.count, first + per))]
        more = first + per < self.count
        self.send(json.dumps({"albums": {"items": [], "count": 0, "total": 0, "facets": []},
                              "assets": {"items": items, "count": len(items), "total": self.count, "facets": [],
                                         "nextPage": str(page + 1) if more else None}}).encode())


def size(source):
    with Library.lock:
        if ("size", source) in Library.memo:
            return Library.memo[("size", source)]
    out = subprocess.check_output(["identify", "-format", "%w %h ", source + "[0]"]).split()
    value = (int(out[0]), int(out[1]))
    with Library.lock:
        Library.memo[("size", source)] = value
    return value


def rendition(source, preview):
    """Immich's defaults: a 250-px WebP thumbnail, a 1440-px JPEG preview, made once."""
    key = (source, preview)
    with Library.lock:
        if key in Library.memo:
            return Library.memo[key]
    spec = ["-resize", "1440x1440>", "-quality", "80", "jpg:-"] if preview else ["-resize", "250x250>", "-quality", "80", "webp:-"]
    body = subprocess.check_output(["convert", source + "[0]", "-strip"] + spec)
    with Library.lock:
        Library.memo[key] = body
    return body


def load(folder, count):
    Library.photos = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.lower().endswith((".jpg", ".webp")))
    Library.count = count
    for source in Library.photos:                  # made once, as Immich does at upload
        size(source), rendition(source, False), rendition(source, True)


def main():
    if sys.argv[1] == "--serve":
        load(sys.argv[3], 3000)
        http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Library).serve_forever()
    binary, photos = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    count = int(sys.argv[sys.argv.index("--assets") + 1]) if "--assets" in sys.argv else 3000
    load(photos, count)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Library)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d" % server.server_port
    home = tempfile.mkdtemp(prefix="photopager-immich-bench-")
    env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": home, "XDG_CACHE_HOME": home + "/cache",
           "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state", "IMMICH_API_KEY": KEY}
    source = ("--immich", base)
    try:
        results = {"cold": [], "cached": [], "offline": []}
        for _ in range(runs):
            shutil.rmtree(home + "/cache", ignore_errors=True)
            results["cold"].append(run(binary, env, source=source))
            results["cached"].append(run(binary, env, source=source))
        print("  library of %d assets, pages of 200 (sixel, 120x40 cells; median of %d runs)" % (count, runs))
        turns = {}
        for renderer in ("sixel", "kitty"):
            shutil.rmtree(home + "/cache", ignore_errors=True)
            turns[renderer] = pager_bench.measure(binary, renderer, list(source), env, 8, 0)
        server.shutdown()
        server.server_close()
        for _ in range(runs):
            results["offline"].append(run(binary, env, source=source))
        for name, rows in results.items():
            summary = {key: median([r[key] for r in rows]) for key in ("ui_ms", "thumb_ms", "settled_ms")}
            print("  %-8s first frame %6s ms   first thumbnail %6s ms   every visible thumbnail %6s ms" %
                  (name, summary["ui_ms"], summary["thumb_ms"], summary["settled_ms"]))
        for renderer, r in turns.items():
            print("  %-8s pager → p50 %s ms, p90 %s ms, %s B a turn (previews, 1440 px)" %
                  (renderer, pager_bench.show(r["p50"]), pager_bench.show(r["p90"]), pager_bench.show(r["bytes"])))
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
