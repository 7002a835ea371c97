"""The newcomer's walk in every variant and language (issue #31, "done when"), counted.

    PYTHONPATH=. nice -n 19 .venv/bin/python benchmarks/newcomer_walk.py
    PYTHONPATH=. python benchmarks/newcomer_walk.py -k "kozy and ro" --show 20

Runs ``tests/discord/test_newcomer_walk.py`` with ``TAROKY_WALK=all``: for each variant
and each of en, cs, pl, ro the real bot (its own SQLite file) under SimCord, and the
newcomer of ``tests/discord/walk.py`` playing one hand against computer players, pressing
Why? and Hint at every turn.  (SimCord is driven by its pytest plugin, as every Discord
test is.)  Each hand writes its figures; this prints a line per hand, the totals —
interactions, English texts in a non-English session, cut words, errors, leaks (a card
of another seat) — and the first examples of each finding.  ``-k`` is pytest's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FINDINGS = ("english", "cut", "errors", "leaks")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", default="", help="pytest's -k: which hands (e.g. 'kozy and ro')")
    parser.add_argument("--show", type=int, default=8, help="examples of each finding to print")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "walk.jsonl"
        env = dict(os.environ, TAROKY_WALK="all", TAROKY_WALK_OUT=str(out))
        cmd = [sys.executable, "-m", "pytest", "tests/discord/test_newcomer_walk.py::test_a_newcomer_walks_a_hand",
               "-q", "-p", "no:warnings", "-p", "no:cacheprovider", "--no-header", "-rN", "--tb=no"]
        if args.k:
            cmd += ["-k", args.k]
        wall = time.perf_counter()
        before = os.times()
        subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
        after = os.times()
        hands = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] if out.exists() else []
    totals = {
        "hands": len(hands),
        "finished": sum(h["finished"] for h in hands),
        "interactions": sum(h["interactions"] for h in hands),
        "turns": sum(h["turns"] for h in hands),
        "texts": sum(h["texts"] for h in hands),
        "at_limit": sum(len(h["at_limit"]) for h in hands),
        **{name: sum(len(h[name]) for h in hands) for name in FINDINGS},
        "cpu_seconds": round(after.children_user + after.children_system
                             - before.children_user - before.children_system, 1),
        "wall_seconds": round(time.perf_counter() - wall, 1),
    }
    if args.json:
        print(json.dumps({"totals": totals, "hands": hands}, ensure_ascii=False))
        return 0
    for h in hands:
        print(f"{h['variant']:9} {h['lang']}  interactions {h['interactions']:4}  turns {h['turns']:3}  "
              f"tricks {h['tricks']:2}  texts {h['texts']:4}  "
              + "  ".join(f"{name} {len(h[name])}" for name in FINDINGS)
              + ("  finished" if h["finished"] else "  NOT FINISHED"))
    print("total: " + ", ".join(f"{k} {v}" for k, v in totals.items()))
    for name in FINDINGS:
        found = [(h["variant"], h["lang"], item) for h in hands for item in h[name]]
        for variant, lang, item in found[: args.show]:
            print(f"  {name} [{variant} {lang}] {item}"[:400])
    return 0


if __name__ == "__main__":
    sys.exit(main())
