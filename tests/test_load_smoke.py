"""The load benchmark (``benchmarks/load.py``) runs: two tables for a few seconds, the
real bot on its real SQLite file under SimCord, so it cannot rot."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def load_report(*args: str) -> dict[str, Any]:
    """``benchmarks/load.py ARGS --json`` run to its end: its report."""
    out = subprocess.run(
        [sys.executable, "benchmarks/load.py", *args, "--json"],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, text=True, timeout=180,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    report: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return report


def test_load_benchmark_smoke_run() -> None:
    report = load_report("--tables", "2", "--mode", "nothink", "--seconds", "3")
    assert report["tables"] == 2 and report["errors"] == 0
    # Spread over their hands before measuring: every table got to its point; SimCord's
    # tracking of the bot's callbacks off while measuring.
    assert report["spread"] and report["spread_short"] == 0
    assert not report["simcord_tracking"]
    assert report["clicks"] > 0 and report["actions"] >= report["clicks"]
    assert report["ack"]["n"] > 0 and report["edit"]["n"] > 0
    assert report["writes"] > 0  # the table states reached the SQLite file (group commits)
    assert report["stored_views_per_action"] < 0.5  # nothing stored per action
    # The bot's runtime settings while measuring, and the store's writer thread by name.
    from bot.app import SWITCH_INTERVAL

    assert report["switch_interval"] == SWITCH_INTERVAL
    assert "SQLite writer" in report["threads_cpu"]


def test_load_benchmark_counts_the_cyclic_garbage_and_the_collections_by_generation() -> None:
    """``--gc-garbage`` counts, in windows without collections, the objects only the
    collector can free, by type, and what the oldest generation gained; every run splits
    the collections' CPU by generation."""
    report = load_report("--tables", "2", "--mode", "nothink", "--seconds", "6", "--gc-garbage")
    assert report["errors"] == 0
    assert report["gc_garbage_per_action"] > 0 and report["gc_garbage_top"]
    assert set(report["gc_cpu_by_generation"]) == set(report["gc_by_generation"])
    assert report["gc_oldest_top"]  # (what the oldest generation gained, by type)


def test_load_benchmark_traced_run_spread_over_the_hands() -> None:
    """``--trace`` watches each table's own lock: the tables spread over their hands at
    full speed get to their points (with a new lock put in its place, a panel's drawing
    holding the old one showed a moment long gone and its player never got a turn)."""
    report = load_report("--tables", "6", "--mode", "nothink", "--seconds", "2", "--trace")
    assert report["errors"] == 0 and report["spread"] and report["spread_short"] == 0
    assert report["clicks"] > 0
