"""SIGKILL the whole bot (under SimCord, on a real SQLite file) during play and
settlement; every table resumes and the ledger stays exact.

10 kills here to keep the suite fast; ``benchmarks/bot_crash.py`` runs 100+.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.crash.bot_harness import run_crash_test, run_sigterm_test


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
def test_sigkill_the_bot_during_play_and_settlement(tmp_path: Path) -> None:
    report = run_crash_test(tmp_path, kills=10, seed=10)
    assert report.problems == [], report.summary()
    assert report.kills == 10
    assert report.hands_checked > 0
    assert report.resumed_tables > 0
    # Group commit: a kill loses at most the actions after the last committed group
    # (lost_actions checks it); the groups really ran.
    assert report.groups_committed > 0


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGTERM")
def test_sigterm_stops_cleanly_and_the_next_process_takes_the_tables_at_once(tmp_path: Path) -> None:
    """Issue #30: SIGTERM (``docker stop``) while the tables play.  The bot finishes what
    is in flight, writes its queued saves, hands its leases back and exits 0; the next
    process, under another lease name, restores every table at once exactly where it
    stood; no action is lost, no hand paid twice, and the round plays to its end."""
    report = run_sigterm_test(tmp_path, stops=3, seed=30)
    assert report.problems == [], report.summary()
    assert report.stops == 3
    assert report.actions_lost == 0
    assert report.settled_before_stop > 0  # the stops came while hands were being paid
    assert report.restored_tables == 3 * 4  # every table, after every stop
