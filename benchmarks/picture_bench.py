"""Where a picture's time goes: drawing, mapping onto the palette, PNG encoding.

    .venv/bin/python benchmarks/picture_bench.py [--repeat N] [--levels 1,3,6]

For every sample scene (``rendering.gallery.SCENES``) prints the mean milliseconds
of drawing it (``rendering.images``), of mapping the drawing onto the shared palette
(``convert`` + ``quantize``), and of encoding that palette image as PNG at each zlib
``compress_level`` given, with the size each makes.  The encoded pixels are the same
at every level (only the zlib effort changes), so a level is a pure speed/size trade.
No assertions: timings depend on the machine.
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

from rendering import images  # noqa: E402
from rendering.gallery import SCENES  # noqa: E402
from rendering.palette import palette  # noqa: E402

DRAW: dict[str, Callable[..., Image.Image]] = {
    "hand": images.draw_hand, "trick": images.draw_trick, "table": images.draw_table, "summary": images.draw_summary,
}


def timed(fn: Callable[[], object], repeat: int) -> tuple[float, object]:
    times = []
    out: object = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(1000 * (time.perf_counter() - t))
    return statistics.fmean(times), out


def _to_palette(img: Image.Image, pal: Image.Image) -> Image.Image:
    return img.convert("RGB").quantize(palette=pal, dither=Image.Dither.NONE)


def _encode(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=level)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--levels", default="1,2,3", help="PNG compress levels to compare (default 1,2,3)")
    args = parser.parse_args(argv)
    levels = [int(x) for x in args.levels.split(",")]
    pal = palette()
    head = f"{'scene':30} {'draw':>6} {'palette':>8}" + "".join(f" {'png' + str(lv):>7} {'bytes':>7}" for lv in levels)
    print(head + "   (mean ms)")
    for name, (_, _, make) in SCENES.items():
        draw = DRAW[name.split("_")[0]]
        scene = make()
        draw(scene)  # warm: fonts, faces, layouts
        t_draw, img = timed(functools.partial(draw, scene), args.repeat)
        assert isinstance(img, Image.Image)
        t_pal, p = timed(functools.partial(_to_palette, img, pal), args.repeat)
        assert isinstance(p, Image.Image)
        cells = []
        for lv in levels:
            t_enc, data = timed(functools.partial(_encode, p, lv), args.repeat)
            assert isinstance(data, bytes)
            cells.append(f" {t_enc:7.2f} {len(data):7d}")
        print(f"{name:30} {t_draw:6.2f} {t_pal:8.2f}" + "".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
