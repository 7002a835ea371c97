"""Suite-wide pytest settings."""

from __future__ import annotations

import os
import sys
import threading

import pytest

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
