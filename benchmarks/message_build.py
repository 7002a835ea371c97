"""The CPU the bot spends building one table's messages and scenes (issue #33).

    TAROKY_ENGINE=compiled nice -n 19 .venv/bin/python benchmarks/message_build.py [--profile]

Builds, on the seeded deal 30 moves in (the play phase, the real bot under SimCord, two
humans and two computers), the panel of the seat to act and of a seat that waits, the
table message, the table scene and a hand scene, each a few thousand times, and prints the
CPU (``time.thread_time``) of one build: the median of five rounds.  Built again and
again, each shows what it costs at the same moment: what the bot keeps per moment (the
public lines, the table message's view) is kept.  ``--profile`` adds
cProfile's cumulative listing of a round of all five.  (SimCord is driven by its pytest
plugin and ``tests/discord/conftest.py``'s fixtures, as every Discord test is.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

if __name__ == "__main__":
    env = dict(os.environ, TAROKY_MESSAGE_BUILD_PROFILE="1" if "--profile" in sys.argv else "")
    cmd = [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:warnings",
           "-p", "no:cacheprovider", "--no-header", "-rN", "--rootdir", str(ROOT),
           str(ROOT / "benchmarks" / "message_build_case.py")]
    sys.exit(subprocess.run(cmd, cwd=ROOT, env=env, check=False).returncode)
