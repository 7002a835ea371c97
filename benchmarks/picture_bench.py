"""Where a picture's CPU goes: drawing, mapping onto the palette, PNG encoding.

    nice -n 19 .venv/bin/python benchmarks/picture_bench.py [--repeat N] [--levels 1,2,3] [--deflate]

For every sample scene (``rendering.gallery.SCENES``) prints the median CPU milliseconds
of this thread (``time.thread_time``) over ``--repeat`` runs of each step, in two ways:

* **whole** -- the picture drawn whole (``rendering.images.draw_*``, RGB), mapped onto
  the shared palette (``quantize``) and encoded by Pillow at each zlib level of
  ``--levels``, with the bytes each makes (how every picture was made before the kept
  parts; the summary is still made so);
* **as rendered** -- the way ``rendering.render`` makes it now:

  - a hand: ``hand_rows`` (the picture put together on the palette from kept faces,
    corners and title strip: drawing and palette in one) and ``encode_rows`` (zlib),
    with its parts kept from the run before (as in a bot, where the faces and most
    corners are kept; ``--cold`` forgets them before every run);
  - a table or trick: ``render_table`` / ``render_trick`` with its base kept but none of
    its PNG bands nor its latest picture (a table whose every seat changed: the dearest picture of a table
    already shown; the bot's usual picture, one seat changed, is
    ``benchmarks/pictures.py``'s);
  - a summary: the whole path (nothing of it is kept but its text runs).

``--deflate`` compares instead the deflaters a table picture's PNG bands can be made
with (``rendering.png``): zlib's levels 1-3 and, when the ``isal`` package is installed,
ISA-L's levels 0-2, each over every table sample's rows cut into bands of
``render.BAND_ROWS`` ended by a full flush: the median CPU ms and bytes of a whole
picture.

The encoded pixels are the same at every level (only the zlib effort changes).  No
assertions: timings depend on the machine and its load (say it: ``uptime``).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import statistics
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import rendering  # noqa: E402
from rendering import images, render  # noqa: E402
from rendering.gallery import SCENES  # noqa: E402
from rendering.palette import quantize  # noqa: E402

DRAW: dict[str, Callable[..., Image.Image]] = {
    "hand": images.draw_hand, "trick": images.draw_trick, "table": images.draw_table, "summary": images.draw_summary,
}


def timed(fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None) -> tuple[float, object]:
    """The median CPU ms of ``fn`` (this thread's), and its last result; ``before`` runs
    untimed before each run."""
    times = []
    out: object = None
    for _ in range(repeat):
        if before is not None:
            before()
        t = time.thread_time()
        out = fn()
        times.append(1000 * (time.thread_time() - t))
    return statistics.median(times), out


def forget_pictures() -> None:
    """Forget the kept bands and latest pictures (not the bases)."""
    render.BANDS.clear()
    render.LATEST.clear()


def _encode(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=level)
    return buf.getvalue()


def _deflaters(repeat: int) -> int:
    """``--deflate``: each deflater's CPU ms and bytes on the table samples' rows."""
    tables = [make() for name, (_, _, make) in SCENES.items() if name.startswith("table")]
    rows = []
    for scene in tables:
        p = quantize(images.draw_table(scene))
        stride, raw = p.width, p.tobytes()
        band = render.BAND_ROWS * (stride + 1)
        whole = b"".join(b"\0" + raw[y * stride:(y + 1) * stride] for y in range(p.height))
        rows.append([whole[i:i + band] for i in range(0, len(whole), band)])
    modules = [("zlib", zlib, (1, 2, 3))]
    try:
        modules.append(("isal", importlib.import_module("isal.isal_zlib"), (0, 1, 2)))
    except ImportError:
        print("(isal is not installed: zlib only)")
    print(f"median CPU ms (this thread) of {repeat} runs, a whole table picture's rows, {len(tables)} samples")
    for name, module, levels in modules:
        for level in levels:
            def run(module: object = module, level: int = level) -> int:
                size = 0
                for bands in rows:
                    z = module.compressobj(level, zlib.DEFLATED, -15)  # type: ignore[attr-defined]
                    size += sum(len(z.compress(b) + z.flush(module.Z_FULL_FLUSH)) for b in bands)  # type: ignore[attr-defined]
                return size
            t, size = timed(run, repeat)
            assert isinstance(size, int)
            print(f"{name} level {level}: {t / len(rows):6.2f} ms {size / len(rows) / 1000:6.1f} KB")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--levels", default="1,2,3", help="PNG compress levels to compare (default 1,2,3)")
    parser.add_argument("--cold", action="store_true", help="hands: forget the kept parts before every run")
    parser.add_argument("--deflate", action="store_true", help="compare the deflaters of the PNG bands")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    rendering.warm_up()
    if args.deflate:
        return _deflaters(args.repeat)
    print("median CPU ms (this thread) of", args.repeat, "runs")
    head = (f"{'scene':30} | whole: {'draw':>6} {'palette':>7}" + "".join(f" {'png' + str(lv):>6} {'bytes':>6}" for lv in levels)
            + f" | as rendered: {'draw+pal':>8} {'encode':>6} {'total':>6} {'bytes':>6}")
    print(head)
    for name, (_, _, make) in SCENES.items():
        kind = name.split("_")[0]
        draw = DRAW[kind]
        scene = make()
        draw(scene)  # warm: fonts, faces, layouts, text runs
        t_draw, img = timed(functools.partial(draw, scene), args.repeat)
        assert isinstance(img, Image.Image)
        t_pal, p = timed(functools.partial(quantize, img), args.repeat)
        assert isinstance(p, Image.Image)
        cells = []
        for lv in levels:
            t_enc, data = timed(functools.partial(_encode, p, lv), args.repeat)
            assert isinstance(data, bytes)
            cells.append(f" {t_enc:6.2f} {len(data) // 1000:5d}K")
        if kind == "hand":
            forget = render.HAND_PARTS.clear if args.cold else None
            t_rows, rows = timed(functools.partial(render.hand_rows, scene), args.repeat, forget)
            assert isinstance(rows, Image.Image)
            t_enc, png = timed(functools.partial(render.encode_rows, rows), args.repeat)
            assert isinstance(png, bytes)
            ours = f"{t_rows:8.2f} {t_enc:6.2f} {t_rows + t_enc:6.2f} {len(png) // 1000:5d}K"
        elif kind in ("table", "trick"):
            fn = render.render_table if kind == "table" else render.render_trick
            t_all, png = timed(functools.partial(fn, scene), args.repeat, forget_pictures)
            assert isinstance(png, bytes)
            ours = f"{'':8} {'':6} {t_all:6.2f} {len(png) // 1000:5d}K"
        else:
            ours = f"{t_draw + t_pal:8.2f} {'(png1)':>6} {t_draw + t_pal + float(cells[0].split()[0]):6.2f}"
        print(f"{name:30} | {'':6} {t_draw:6.2f} {t_pal:7.2f}" + "".join(cells) + f" | {'':13}{ours}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
