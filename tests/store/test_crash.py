"""SIGKILL the store mid-play and mid-settlement; the books must stay exact.

20 kills here to keep the suite fast; ``benchmarks/store_crash.py`` runs 100+.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.store.crash_harness import run_crash_test


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
def test_sigkill_during_play_and_settlement(tmp_path: Path) -> None:
    report = run_crash_test(tmp_path, kills=20, seed=20, max_delay=1.0)
    assert report.problems == [], report.summary()
    assert report.double_payments == 0
    assert report.kills == 20
    assert report.hands_checked > 0
    # Kills are timed from the worker's own signals, not from its spawn: on a busy
    # machine they still land in play and in settlements, not only in start-up.
    assert report.killed_at.get("start-up/migration", 0) < report.kills, report.summary()
