"""What a picture costs: CPU milliseconds per render and the encoded size, per kind.

    nice -n 19 .venv/bin/python benchmarks/pictures.py [--rounds N] [--root DIR]

Draws many varied scenes of each kind -- table, trick, hand and summary -- made from the
sample scenes of :mod:`rendering.samples`, and records the CPU time of the process
(``time.process_time``) each render to final bytes takes through the public ``render_*``
functions: medians and 95th percentiles over all renders, and the median encoded size.

Table pictures are drawn as a bot draws them: ``--tables`` tables (40) play at once,
each its own players, and the pictures of all of them are interleaved; every picture is
a new moment of its table's game (a card joins the trick, the turn passes, a hand count
falls; a complete trick shows its winner, then becomes the last trick), drawn once --
a bot keeps the pictures it drew, so it never draws the same scene twice.  The first
picture of each table is a table's first picture (nothing of it kept yet).

Trick pictures are those of the same games (the current trick at every moment), each
drawn once too.  Hand pictures are two players' a table, seen through a game of twelve
cards (waiting; their turn, a suit's cards playable; waiting with the card played
gone), the players' pictures interleaved, each moment drawn once (what is kept of a
hand picture is its parts: faces, corners, title strips).  Summary scenes are each
drawn once before measuring, then ``--rounds`` times in a new order each round
(nothing of a summary picture is kept but its text runs).  ``rendering.warm_up()`` runs first, as in a bot.

``--save DIR`` writes every scene's picture to DIR (``table_000.png``...); ``--compare
DIR`` decodes every picture and the one of the same name in DIR and reports those whose
pixels differ (a change of encoding may change the bytes, never the pixels).

``--replay FILE`` draws instead the scenes a bot drew, in its order: the batches
``benchmarks/load.py --save-scenes FILE`` kept, each passed through pickle as the render
pool passes it, and says where a render process's CPU goes: the pictures by kind, their
alt texts, the scenes unpickled, the results pickled, and the scenes drawn before; and
the table pictures after each table's first (the bot's render process had drawn the
first before ``load.py`` measured, so it had that table's latest picture).

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


def _table_games(samples: ModuleType, scenes: ModuleType, tables: int, tricks: int) -> list[list[object]]:
    """For each of ``tables`` tables, the table picture after every action of a few
    tricks: a card joins the trick, the turn passes, the player's hand count falls; a
    complete trick shows its winner, then becomes the last trick."""
    from bot.engine.cards import CARDS

    bases = [samples.table_czech(), samples.table_nebraska(), samples.table_five(),
             samples.table_taper(), samples.table_long_names()]
    games: list[list[object]] = []
    for t in range(tables):
        rng = random.Random(t)
        base = bases[t % len(bases)]
        seats = tuple(dataclasses.replace(s, name=f"{s.name} {t}") for s in base.seats)
        playing = [k for k, s in enumerate(seats) if not s.sitting_out]
        counts = list(base.hand_counts) or [12] * len(seats)
        leader = playing[0]
        last = None
        states: list[object] = []
        for _ in range(tricks):
            cards = rng.sample(list(CARDS), len(playing))
            order = playing[playing.index(leader):] + playing[:playing.index(leader)]
            plays: list[tuple[int, object]] = []
            for j, seat in enumerate(order + [None]):
                done = seat is None
                winner = rng.choice(order) if done else None
                trick = scenes.PlayedTrick(list(plays), leader, winner) if plays or not done else None
                states.append(dataclasses.replace(
                    base, seats=seats, to_act=winner if done else seat, trick=trick, last_trick=last,
                    hand_counts=tuple(counts) if base.hand_counts else (),
                ))
                if done:
                    last, leader = trick, winner
                else:
                    plays.append((seat, cards[j]))
                    counts[seat] = max(0, counts[seat] - 1)
        games.append(states)
    return games


def _variants(samples: ModuleType, scenes: ModuleType, tables: int) -> dict[str, list[object]]:
    """Varied scenes of each kind, derived from the samples, in the order a bot would
    draw them (tables interleaved, each table's pictures in the order of its game)."""
    from bot.engine.cards import CARDS

    PlayedTrick = scenes.PlayedTrick
    hand_base = samples.hand_to_play()
    out: dict[str, list[object]] = {"table": [], "trick": [], "hand": [], "summary": []}
    games = _table_games(samples, scenes, tables, 6)
    for j in range(max(len(g) for g in games)):
        out["table"] += [g[j] for g in games if j < len(g)]

    def prefixes(trick: object) -> Iterator[object]:
        plays = trick.plays  # type: ignore[attr-defined]
        for j in range(len(plays) + 1):
            done = j == len(plays)
            yield PlayedTrick(plays[:j], trick.leader, trick.winner if done else None)  # type: ignore[attr-defined]

    # The trick pictures of the same games (each a moment with a card on the table).
    for table in out["table"]:
        trick = table.trick  # type: ignore[attr-defined]
        if trick is not None and trick.plays:
            out["trick"].append(scenes.TrickScene(
                table.seats, trick.plays, trick.leader, trick.winner,  # type: ignore[attr-defined]
                clockwise=table.clockwise, title="Trick 4 of 12",  # type: ignore[attr-defined]
            ))
    for base in [samples.trick_varsava()]:  # the Varšava talon card
        for tr in prefixes(base.trick):
            out["trick"].append(dataclasses.replace(base, plays=tr.plays, winner=tr.winner))
    # Hands as their players see them through a game (two humans a table, their
    # pictures interleaved like the tables'): waiting, then their turn (the cards of a
    # suit playable, else all), then waiting with the card played gone.
    players = []
    for t in range(2 * tables):
        rng = random.Random(1000 + t)
        dealt = rng.sample(list(CARDS), 12)
        moments = []
        while dealt:
            led = rng.choice(dealt).suit
            legal = frozenset(c for c in dealt if c.suit == led) or frozenset(dealt)
            held = tuple(dealt)
            moments += [dataclasses.replace(hand_base, cards=held, legal=None, title=f"Your hand — {len(held)} cards"),
                        dataclasses.replace(hand_base, cards=held, legal=legal, title="Your turn — play a card")]
            dealt.remove(rng.choice(sorted(legal)))
        players.append(moments)
    for j in range(max(map(len, players))):
        out["hand"] += [m[j] for m in players if j < len(m)]
    summaries = [samples.summary_povinnost(), samples.summary_varsava(), samples.summary_long()]
    for base in summaries:
        for step in range(6):
            out["summary"].append(dataclasses.replace(base, title=f"{base.title} — hand {step + 1}"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5,
                        help="renders of every trick, hand and summary scene (default 5)")
    parser.add_argument("--tables", type=int, default=40,
                        help="tables playing at once, their pictures interleaved (default 40)")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout to import rendering from (default: this one)")
    parser.add_argument("--caches", action="store_true",
                        help="print the picture caches' entries and bytes after the run (rendering.cache_stats)")
    parser.add_argument("--save", type=Path, help="write every scene's picture to this folder")
    parser.add_argument("--replay", type=Path, help="draw the batches of scenes benchmarks/load.py --save-scenes kept")
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
    rendering.warm_up()
    if args.replay:
        return _replay(rendering, args.replay, args.caches)
    variants = _variants(samples, scenes, args.tables)
    if args.save or args.compare:
        return _save_or_compare(render, variants, args.save, args.compare)
    # Tables: every picture is a new moment of its table's game, drawn once, as in a bot
    # (which keeps the pictures it drew); the others: every scene again each round.
    ms: dict[str, list[float]] = {k: [] for k in render}
    size: dict[str, list[int]] = {k: [] for k in render}
    clock = time.process_time
    rng = random.Random(33)
    once = ("table", "trick", "hand")
    others = [(kind, scene) for kind, group in variants.items() if kind not in once for scene in group]
    for kind, scene in others:
        render[kind](scene)
    work = [(kind, scene) for kind in once for scene in variants[kind]]
    for _ in range(args.rounds):
        rng.shuffle(others)
        work += others
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
    if args.caches:
        _print_caches(rendering)
    return 0


def _print_caches(rendering: ModuleType) -> None:
    """The picture caches' entries and bytes, and (where the checkout counts them,
    ``rendering.picture_work``) their hits and how the layered pictures were put
    together."""
    for name, (entries, nbytes) in rendering.cache_stats().items():
        print(f"cache {name:28} {entries:7d} entries {nbytes / 1e6:8.1f} MB")
    if hasattr(rendering, "picture_work"):  # (not in checkouts before session 38)
        for name, n in sorted(rendering.picture_work().items()):
            print(f"work {name:44} {n:10d}")


def _replay(rendering: ModuleType, path: Path, caches: bool) -> int:
    """``--replay``: the batches a bot drew, drawn again as its render process drew them
    (``cogs.ui.output._draw_all``), the CPU of each part summed (``time.process_time``)."""
    import pickle

    output = importlib.import_module("cogs.ui.output")
    batches = pickle.loads(path.read_bytes())
    clock = time.process_time
    draw: dict[str, list[float]] = {}
    alt: dict[str, list[float]] = {}
    seen: set[bytes] = set()
    again: dict[str, int] = {}
    unpickle = repickle = 0.0
    tables: set[object] = set()  # (the tables drawn so far, by their players' names)
    later: list[float] = []  # a table's pictures after its first (the bot had drawn one before measuring)
    for batch in batches:
        blob = pickle.dumps(batch)
        t = clock()
        batch = pickle.loads(blob)
        unpickle += clock() - t
        out = []
        for scene in batch:
            kind = type(scene).__name__
            t = clock()
            _name, png = output._render(scene)
            t1 = clock()
            text = output.alt_text(scene)
            draw.setdefault(kind, []).append(t1 - t)
            if kind == "TableScene":
                names = tuple(seat.name for seat in scene.seats)
                if names in tables:
                    later.append(t1 - t)
                tables.add(names)
            alt.setdefault(kind, []).append(clock() - t1)
            out.append((kind, png, text, 0.0))
            key = pickle.dumps(scene)  # (by value: a scene's card words compare as objects)
            if key in seen:
                again[kind] = again.get(kind, 0) + 1
            seen.add(key)
        t = clock()
        pickle.dumps(out)
        repickle += clock() - t
    total = unpickle + repickle + sum(map(sum, draw.values())) + sum(map(sum, alt.values()))
    print(f"rendering from {Path(rendering.__file__).resolve().parent}; {len(batches)} batches")
    print(f"{'picture':12} {'drawn':>6} {'again':>6} {'draw ms (median / mean)':>24} {'alt text ms (mean)':>19} "
          f"{'CPU s':>6}")
    for kind in sorted(draw):
        d, a = draw[kind], alt[kind]
        print(f"{kind:12} {len(d):6d} {again.get(kind, 0):6d} {1000 * statistics.median(d):11.2f} / "
              f"{1000 * statistics.fmean(d):5.2f} {1000 * statistics.fmean(a):19.3f} {sum(d) + sum(a):6.2f}")
    if later:
        print(f"{'(later tables)':12} {len(later):6d} {'':6} {1000 * statistics.median(later):11.2f} / "
              f"{1000 * statistics.fmean(later):5.2f}   (a table's pictures after its first)")
    print(f"scenes unpickled {unpickle:.2f} s, results pickled {repickle:.2f} s "
          f"({1000 * (unpickle + repickle) / max(len(batches), 1):.3f} ms a batch); {total:.2f} s CPU in all")
    if caches:
        _print_caches(rendering)
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
