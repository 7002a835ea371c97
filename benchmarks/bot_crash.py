"""Crash test of the whole bot: SIGKILL it at random moments, at least 100 times.

    .venv/bin/python benchmarks/bot_crash.py [--kills 100] [--seed 0] [--max-delay 4]

The worker is the real TarokyBot under SimCord on a real SQLite file, four computer
tables playing at once; after each kill the books are checked and the bot restarted
(see tests/crash/bot_harness.py for what is checked).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.crash.bot_harness import run_crash_test  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-delay", type=float, default=4.0)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--group-interval", type=float, default=0.0,
                        help="seconds the store collects table states into a group (the bot's: 0.05)")
    args = parser.parse_args()
    os.environ["TAROKY_CRASH_GROUP_INTERVAL"] = str(args.group_interval)
    with tempfile.TemporaryDirectory() as tmp:
        report = run_crash_test(
            Path(tmp), args.kills, seed=args.seed, max_delay=args.max_delay,
            progress=None if args.quiet else print,
        )
    print(report.summary())
    for problem in report.problems[:20]:
        print("PROBLEM:", problem)
    ok = not report.problems and report.kills >= args.kills
    print("RESULT:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
