#!/usr/bin/env python3
"""make bench, the newer formats (issue 15): one-shot renders of HEIC, AVIF, JPEG XL, TIFF and a
RAW's preview against chafa and timg, the cost of colour management, and a 10,000-HEIC folder.

usage: formats_bench.py PHOTOPAGER BENCH_PHOTOS_DIR CONFORMANCE_DIR

Every file is made in a temp dir from the bench photos with Debian's encoders (heif-enc,
avifenc, cjxl, ImageMagick) and removed afterwards; the DNG is the corpus's own
(skia_dng_with_preview.dng, a 600x338 preview). Per format it prints the mean of hyperfine runs
for photopager (sixel, the pixel width chafa picks for -s 100x40), chafa (-f sixel -s 100x40;
Debian's decodes these through ImageMagick) and timg (-g100x40, half blocks: Debian's timg has no
sixel), each tool's output bytes, and the PSNR of the two sixel outputs against ImageMagick's
decode of the same file resized to the same pixels. Then:
  tile      render of the DNG at a grid tile's size (24x8 cells of 10x20 px), beside the floor of
            the same render of a 1x1 PNG (process start, probe-free one-shot path)
  icc       a 12 MP Display-P3 JPEG (Elephants resized, converted with the corpus's Display P3
            profile) against the very same JPEG with the profile stripped: the difference is the
            conversion's share of the decode-to-screen time
  heic 10k  the pager (pager_bench's pty, sixel) on 10,000 symlinks to HEICs: first frame, settled
"""
import json, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pager_bench  # noqa: E402


def run(args, **kw):
    return subprocess.run(args, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw).stdout


def hyperfine(commands, runs=15):
    """{name: (mean ms, stddev ms)} for {name: command}."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        args = ["hyperfine", "-N", "--warmup", "2", "--runs", str(runs), "--style", "none", "--export-json", out.name]
        for name, command in commands.items():
            args += ["-n", name, command]
        run(args)
        results = json.load(open(out.name))["results"]
    return {r["command"]: (r["mean"] * 1000, r["stddev"] * 1000) for r in results}


def pixel_size(sixel):
    return run(["sh", "-c", "convert sixel:%s png:- | identify -format '%%wx%%h' -" % sixel]).decode()


def psnr(sixel, source, work):
    size = pixel_size(sixel)
    run(["convert", "sixel:" + sixel, work + "/decoded.png"])
    if source.endswith(".jxl"):                            # ImageMagick 6 has no JPEG XL: djxl's decode
        run(["djxl", source, work + "/djxl.png"])
        source = work + "/djxl.png"
    elif source.endswith(".dng"):                          # the preview shown, as the camera made it
        run(["sh", "-c", "exiftool -b -PreviewImage '%s' > %s/preview.jpg" % (source, work)])
        source = work + "/preview.jpg"
    # The reference in sRGB too: converted from the file's profile, as a viewer must.
    run(["convert", source + "[0]", "-auto-orient", "-profile", "/usr/share/color/icc/sRGB.icc", "-resize", size + "!",
         work + "/reference.png"])
    result = subprocess.run(["compare", "-metric", "PSNR", work + "/decoded.png", work + "/reference.png", "null:"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return result.stderr.decode().split(" ")[0]


def make_files(bench, conformance, work):
    ladybird = os.path.join(bench, "LadyBird.jpg")
    files = {}
    run(["convert", ladybird, work + "/ladybird.png"])
    run(["heif-enc", "-q", "85", "-o", work + "/ladybird.heic", work + "/ladybird.png"])
    files["heic"] = work + "/ladybird.heic"
    # An iPhone's own HEIC (12 MP, a grid of 512x512 tiles, irot): libheif decodes tiles on threads.
    files["heic-iphone"] = os.path.join(conformance, "heif/pillowheif_arrow.heic")
    run(["avifenc", "--min", "20", "--max", "30", "-s", "8", work + "/ladybird.png", work + "/ladybird.avif"])
    files["avif"] = work + "/ladybird.avif"
    run(["cjxl", "-q", "85", work + "/ladybird.png", work + "/ladybird.jxl"])
    files["jxl"] = work + "/ladybird.jxl"
    run(["convert", ladybird, "-compress", "zip", work + "/ladybird.tif"])
    files["tiff"] = work + "/ladybird.tif"
    files["dng"] = os.path.join(conformance, "raw/skia_dng_with_preview.dng")
    # 12 MP in Display P3: the corpus's Apple profile, and the same JPEG untagged.
    run(["convert", os.path.join(conformance, "icc/sharp_p3.png"), work + "/p3.icc"])
    run(["convert", os.path.join(bench, "Elephants_5640x3172.jpg"), "-resize", "4600x2600!", "-profile",
         "/usr/share/color/icc/sRGB.icc", "-profile", work + "/p3.icc", "-quality", "90", work + "/p3.jpg"])
    run(["exiftool", "-q", "-icc_profile=", "-o", work + "/p3-untagged.jpg", work + "/p3.jpg"]) if shutil.which("exiftool") \
        else run(["convert", work + "/p3.jpg", "-strip", "-quality", "90", work + "/p3-untagged.jpg"])
    run(["convert", "-size", "1x1", "xc:red", work + "/dot.png"])
    return files


def main():
    ours, bench, conformance = sys.argv[1:4]
    work = tempfile.mkdtemp(prefix="photopager-formats-bench-")
    try:
        files = make_files(bench, conformance, work)
        print("== one-shot render at chafa's width for -s 100x40 (sixel), mean of 15 runs")
        width = 800                                         # chafa's width for -s 100x40 without a terminal
        for name, path in files.items():
            chafa = subprocess.run(["sh", "-c", "chafa -f sixel -s 100x40 '%s' > %s/chafa.six" % (path, work)]).returncode == 0
            if chafa:
                width = int(pixel_size(work + "/chafa.six").split("x")[0])
            cell = "%dx%d" % (width // 100, width // 50)
            commands = {"photopager": "%s render %s --renderer sixel --size 100x40 --cell-size %s" % (ours, path, cell)}
            if chafa:
                commands["chafa"] = "chafa -f sixel -s 100x40 %s" % path
            timg = subprocess.run(["timg", "-g100x40", "-ph", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if timg.returncode == 0 and timg.stdout:
                commands["timg"] = "timg -g100x40 -ph %s" % path
            run(["sh", "-c", commands["photopager"] + " > %s/ours.six" % work])
            times = hyperfine(commands)
            ours_ms = times["photopager"][0]
            ratios = "  ".join("/%s %.2fx" % (peer, ours_ms / times[peer][0]) for peer in times if peer != "photopager")
            print("  %-11s ours %6.1f ms  %s  %s  %s  bytes ours %d%s%s  PSNR ours %s%s dB" % (
                name, ours_ms, "chafa %6.1f ms" % times["chafa"][0] if chafa else "chafa refuses",
                "timg %6.1f ms" % times["timg"][0] if "timg" in times else "timg refuses", ratios,
                os.path.getsize(work + "/ours.six"), " chafa %d" % os.path.getsize(work + "/chafa.six") if chafa else "",
                " timg %d" % len(timg.stdout) if "timg" in times else "",
                psnr(work + "/ours.six", path, work), " chafa " + psnr(work + "/chafa.six", path, work) if chafa else ""))
        tile = hyperfine({"dng tile": "%s render %s --renderer sixel --size 24x8 --cell-size 10x20" % (ours, files["dng"]),
                          "floor": "%s render %s/dot.png --renderer sixel --size 24x8 --cell-size 10x20" % (ours, work)}, runs=30)
        print("== a DNG's grid tile from its preview: %.1f ms (floor %.1f ms: the same render of a 1x1 PNG; difference %.1f ms)" % (
            tile["dng tile"][0], tile["floor"][0], tile["dng tile"][0] - tile["floor"][0]))
        icc = hyperfine({"p3": "%s render %s/p3.jpg --renderer sixel --size 120x40 --cell-size 10x20" % (ours, work),
                         "untagged": "%s render %s/p3-untagged.jpg --renderer sixel --size 120x40 --cell-size 10x20" % (ours, work)},
                        runs=20)
        share = (icc["p3"][0] - icc["untagged"][0]) / icc["p3"][0] * 100
        print("== ICC on a 12 MP Display-P3 JPEG (120x40 cells of 10x20 px): %.1f ms, untagged %.1f ms: conversion %.1f %% of the time" % (
            icc["p3"][0], icc["untagged"][0], share))
        env = {"PATH": "/usr/bin:/bin", "TERM": "xterm", "HOME": work, "XDG_CACHE_HOME": work + "/cache",
               "XDG_CONFIG_HOME": work + "/config", "XDG_STATE_HOME": work + "/state"}
        heics = pager_bench.make_folder(work + "/heic10k", 10_000, [files["heic"]])
        r = pager_bench.measure(ours, "sixel", heics, env, 4, 0)
        print("== 10,000 HEICs (symlinks), the pager in a pty (sixel): first frame %.1f ms, settled %.1f ms, flip p50 %s ms, rss %s MB" % (
            r["first"], r["settled"], r["p50"], r["rss"]))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
