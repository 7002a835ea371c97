"""SIGKILL the whole bot (under SimCord, on a real SQLite file) during play and
settlement; every table resumes and the ledger stays exact.

10 kills here to keep the suite fast; ``benchmarks/bot_crash.py`` runs 100+.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.crash.bot_harness import run_crash_test


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
