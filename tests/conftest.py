"""Suite-wide pytest settings."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator

import pytest

from tests.pg_cluster import SKIP_PREFIX, Cluster, start_cluster

_status: list[int] = []


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    _status.append(int(exitstatus))


def pytest_unconfigure(config: pytest.Config) -> None:
    # A failed test can leave a non-daemon thread behind (an unclosed aiosqlite connection),
    # and the interpreter would then wait for it forever after the summary is printed.  Once
    # the report is out, leave at once with pytest's own exit status instead of hanging CI.
    others = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if others and _status:
        sys.stdout.flush()
        sys.stderr.flush()
        print(f"(leaving {len(others)} stray thread(s) behind)", file=sys.stderr)
        os._exit(_status[-1])


# ---------------------------------------------------------------- PostgreSQL
@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster | str]:
    """One throwaway PostgreSQL server for the session, or why there is none
    (``tests/pg_cluster.py``); tests that need it skip with that reason."""
    result = start_cluster()
    try:
        yield result
    finally:
        if isinstance(result, Cluster):
            result.stop()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say whether the PostgreSQL store tests ran (CI's log must show it)."""
    stats = terminalreporter.stats
    ran = [r for r in stats.get("passed", []) + stats.get("failed", [])
           if "postgresql" in getattr(r, "nodeid", "")]
    skipped = [r for r in stats.get("skipped", []) if SKIP_PREFIX in str(getattr(r, "longrepr", ""))]
    if ran:
        terminalreporter.write_line(f"PostgreSQL store tests: {len(ran)} ran against a PostgreSQL server.")
    elif skipped:
        reason = str(skipped[0].longrepr).split(SKIP_PREFIX, 1)[1][:200]
        terminalreporter.write_line(
            f"PostgreSQL store tests: SKIPPED ({len(skipped)}) - {SKIP_PREFIX}{reason}")
