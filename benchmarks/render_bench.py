"""Render-time and size benchmark for the rendering package.

    .venv/bin/python benchmarks/render_bench.py [--repeat N]

Prints, for every sample scene, the mean, median and best time to render it to PNG bytes
(card faces already cached, as in a running bot), the PNG size in bytes and its
dimensions, and flags anything over the targets: a trick under 10 ms, a hand under
20 ms, every PNG at most 1,200 px wide and 200 KB.  Also prints the one-off cost of
drawing all 54 card faces.  No assertions: timings depend on the machine.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from bot.engine.cards import CARDS  # noqa: E402
from rendering.faces import _face, card_face  # noqa: E402
from rendering.gallery import SCENES  # noqa: E402

TARGET_MS = {"trick": 10.0, "hand": 20.0}
MAX_WIDTH = 1200
MAX_BYTES = 200_000


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=50, help="renders per scene (default 50)")
    args = parser.parse_args(argv)

    _face.cache_clear()
    t0 = time.perf_counter()
    for c in CARDS:
        card_face(c)
    print(f"54 card faces drawn (cold cache): {1000 * (time.perf_counter() - t0):.0f} ms")
    print()
    print(f"{'scene':32} {'mean ms':>8} {'median':>8} {'best ms':>8} {'bytes':>8} {'size':>10}  notes")
    worst_ok = True
    for name, (render, _, make) in SCENES.items():
        scene = make()
        render(scene)  # warm up: fonts, cached faces and layouts
        times = []
        for _ in range(args.repeat):
            t = time.perf_counter()
            png = render(scene)
            times.append((time.perf_counter() - t) * 1000)
        with Image.open(io.BytesIO(png)) as img:
            w, h = img.size
        mean = statistics.fmean(times)
        notes = []
        kind = name.split("_")[0]
        if kind in TARGET_MS and mean >= TARGET_MS[kind]:
            notes.append(f"over {TARGET_MS[kind]:.0f} ms target")
        if w > MAX_WIDTH:
            notes.append("too wide")
        if len(png) > MAX_BYTES:
            notes.append("too big")
        worst_ok &= not notes
        med = statistics.median(times)
        print(f"{name:32} {mean:8.2f} {med:8.2f} {min(times):8.2f} {len(png):8d} {f'{w}x{h}':>10}  {', '.join(notes)}")
    print()
    print("all within targets" if worst_ok else "SOME TARGETS MISSED (see notes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
