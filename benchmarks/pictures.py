"""What a picture costs: CPU milliseconds per render and the encoded size, per kind.

    nice -n 19 .venv/bin/python benchmarks/pictures.py [--rounds N] [--root DIR]

Draws many varied scenes of each kind -- table, trick, hand and summary -- made from the
sample scenes of :mod:`rendering.samples` the way a game moves them on: the trick
filling card by card, the turn passing round the table, hand counts falling, scores
changing, the hand shrinking and its playable cards changing.  Each scene is rendered to
its final bytes through the public ``render_*`` functions, and the CPU time of the
process (``time.process_time``) spent on it is recorded: medians and 95th percentiles
over all renders, and the median encoded size.

Before measuring, ``rendering.warm_up()`` runs and every scene is rendered once (a
running bot has its faces drawn and its players' names met), so the figures are a bot's
steady state, not its first picture.  Every round renders every scene again, in a new
order; no scene is rendered twice in a row.

``--save DIR`` writes every scene's picture to DIR (``table_000.png``...); ``--compare
DIR`` decodes every picture and the one of the same name in DIR and reports those whose
pixels differ (a change of encoding may change the bytes, never the pixels).

``--root DIR`` imports :mod:`rendering` from another checkout (e.g. ``main``'s, unpacked
with ``git archive main | tar -x -C DIR``) to measure the code before a change with the
same scenes.  No assertions: timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import io
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType


def _variants(samples: ModuleType, scenes: ModuleType) -> dict[str, list[object]]:
    """Varied scenes of each kind, derived from the samples."""
    PlayedTrick = scenes.PlayedTrick
    out: dict[str, list[object]] = {"table": [], "trick": [], "hand": [], "summary": []}

    def prefixes(trick: object) -> Iterator[object]:
        plays = trick.plays  # type: ignore[attr-defined]
        for j in range(len(plays) + 1):
            done = j == len(plays)
            yield PlayedTrick(plays[:j], trick.leader, trick.winner if done else None)  # type: ignore[attr-defined]

    tables = [samples.table_czech(), samples.table_nebraska(), samples.table_five(),
              samples.table_taper(), samples.table_long_names()]
    for t_i, base in enumerate(tables):
        n = len(base.seats)
        playing = [k for k, s in enumerate(base.seats) if not s.sitting_out]
        tricks = [base.trick, base.last_trick] if base.trick or base.last_trick else [None]
        for trick in tricks:
            for tr in prefixes(trick) if trick is not None else [None]:
                for step in range(6):
                    plays = tr.plays if tr is not None else ()
                    last_seat = plays[-1][0] if plays else None
                    if last_seat is None:
                        to_act = playing[step % len(playing)]
                    else:
                        to_act = playing[(playing.index(last_seat) + 1) % len(playing)]
                    if tr is not None and tr.winner is not None:
                        to_act = tr.winner
                    scores = tuple(f"{((k * 37 + step * 13 + t_i * 5) % 61 - 30) / 10:+.2f}" for k in range(n)) \
                        if base.scores else ()
                    counts = tuple(max(0, c - step) for c in base.hand_counts)
                    out["table"].append(dataclasses.replace(
                        base, to_act=to_act, trick=tr, scores=scores, hand_counts=counts,
                        title=f"{base.title} — trick {step + 1}",
                    ))
    tricks = [samples.trick_czech_complete(), samples.trick_nebraska_complete(),
              samples.trick_five_players(), samples.trick_varsava(), samples.trick_nebraska_partial()]
    for base in tricks:
        for tr in prefixes(base.trick):
            for step in range(3):
                out["trick"].append(dataclasses.replace(
                    base, plays=tr.plays, winner=tr.winner, title=f"Trick {step + 2} of 12",
                ))
    hands = [samples.hand_waiting(), samples.hand_to_play(), samples.hand_sixteen()]
    for base in hands:
        cards = list(base.cards)
        for drop in range(len(cards) - 4):
            held = cards[drop:]
            legal = None if base.legal is None else frozenset(held[drop % 3 :: 2])
            out["hand"].append(dataclasses.replace(
                base, cards=tuple(held), legal=legal, title=f"Your hand — {len(held)} cards",
            ))
    summaries = [samples.summary_povinnost(), samples.summary_varsava(), samples.summary_long()]
    for base in summaries:
        for step in range(6):
            out["summary"].append(dataclasses.replace(base, title=f"{base.title} — hand {step + 1}"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="renders of every scene (default 5)")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout to import rendering from (default: this one)")
    parser.add_argument("--save", type=Path, help="write every scene's picture to this folder")
    parser.add_argument("--compare", type=Path, help="compare every picture's pixels with those saved here")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.root.resolve()))
    rendering = importlib.import_module("rendering")
    samples = importlib.import_module("rendering.samples")
    scenes = importlib.import_module("rendering.scenes")
    render: dict[str, Callable[[object], bytes]] = {
        "table": rendering.render_table, "trick": rendering.render_trick,
        "hand": rendering.render_hand, "summary": rendering.render_summary,
    }
    variants = _variants(samples, scenes)
    rendering.warm_up()
    if args.save or args.compare:
        return _save_or_compare(render, variants, args.save, args.compare)
    work = [(kind, scene) for kind, group in variants.items() for scene in group]
    for kind, scene in work:
        render[kind](scene)
    rng = random.Random(33)
    ms: dict[str, list[float]] = {k: [] for k in render}
    size: dict[str, list[int]] = {k: [] for k in render}
    clock = time.process_time
    for _ in range(args.rounds):
        rng.shuffle(work)
        for kind, scene in work:
            t = clock()
            data = render[kind](scene)
            ms[kind].append(1000 * (clock() - t))
            size[kind].append(len(data))
    print(f"rendering from {Path(rendering.__file__).resolve().parent}")
    print(f"{'picture':8} {'scenes':>6} {'renders':>7} {'median ms':>9} {'p95 ms':>7} {'median bytes':>12}")
    for kind in render:
        times = sorted(ms[kind])
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"{kind:8} {len(variants[kind]):6d} {len(times):7d} {statistics.median(times):9.2f} "
              f"{p95:7.2f} {int(statistics.median(size[kind])):12d}")
    return 0


def _save_or_compare(render: dict[str, Callable[[object], bytes]], variants: dict[str, list[object]],
                     save: Path | None, compare: Path | None) -> int:
    from PIL import Image

    differ = 0
    total = 0
    for kind, group in variants.items():
        for i, scene in enumerate(group):
            data = render[kind](scene)
            name = f"{kind}_{i:03d}.png"
            total += 1
            if save is not None:
                save.mkdir(parents=True, exist_ok=True)
                (save / name).write_bytes(data)
            if compare is not None:
                a = Image.open(io.BytesIO(data)).convert("RGB")
                b = Image.open(compare / name).convert("RGB")
                if a.size != b.size or a.tobytes() != b.tobytes():
                    differ += 1
                    print(f"{name}: pixels differ")
    if compare is not None:
        print(f"{total - differ} of {total} pictures have the same pixels as those in {compare}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
