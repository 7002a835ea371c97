"""Where a picture's CPU goes: drawing, mapping onto the palette, PNG encoding.

    nice -n 19 .venv/bin/python benchmarks/picture_bench.py [--repeat N] [--levels 1,2,3]

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
    its PNG bands (a table whose every seat changed: the dearest picture of a table
    already shown; the bot's usual picture, one seat changed, is
    ``benchmarks/pictures.py``'s);
  - a summary: the whole path (nothing of it is kept but its text runs).

The encoded pixels are the same at every level (only the zlib effort changes).  No
assertions: timings depend on the machine and its load (say it: ``uptime``).
"""

from __future__ import annotations

import argparse
import functools
import io
import statistics
import sys
import time
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


def _encode(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=level)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--levels", default="1,2,3", help="PNG compress levels to compare (default 1,2,3)")
    parser.add_argument("--cold", action="store_true", help="hands: forget the kept parts before every run")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    rendering.warm_up()
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
            t_all, png = timed(functools.partial(fn, scene), args.repeat, render.BANDS.clear)
            assert isinstance(png, bytes)
            ours = f"{'':8} {'':6} {t_all:6.2f} {len(png) // 1000:5d}K"
        else:
            ours = f"{t_draw + t_pal:8.2f} {'(png1)':>6} {t_draw + t_pal + float(cells[0].split()[0]):6.2f}"
        print(f"{name:30} | {'':6} {t_draw:6.2f} {t_pal:7.2f}" + "".join(cells) + f" | {'':13}{ours}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
