"""A throwaway PostgreSQL server for the tests (the PostgreSQL store's suite).

One cluster per test session (per xdist worker): ``initdb`` into a temporary directory,
``pg_ctl start`` on a free port on 127.0.0.1 with durability off (fast; the tests
never outlive it), stopped and deleted at the end.  Each test gets its own schema in
it (``fresh_url``): a URL whose ``search_path`` is that schema, so tests never see each
other's tables, and no database has to be created per test.

``initdb`` refuses to run as root; then the server runs as the ``postgres`` system user
(Debian's package creates it) or, failing that, ``nobody``, through ``runuser``.

``TAROKY_TEST_DATABASE_URL`` points the tests at a server of your own instead (its
database must be one the tests may create schemas in).  When no server can be had,
:func:`start_cluster` says why and the PostgreSQL tests are skipped with that reason.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

#: The skip reasons start with this (the suite's summary counts them).
SKIP_PREFIX = "PostgreSQL not available"
_counter = itertools.count(1)


@dataclass
class Cluster:
    url: str  # the database's URL (no schema chosen)
    version: str
    datadir: Path | None = None  # None: a server of the user's own
    pg_ctl: str | None = None
    user: str | None = None

    def stop(self) -> None:
        if self.datadir is None or self.pg_ctl is None:
            return
        subprocess.run(
            [*_as_user(self.user), self.pg_ctl, "-D", str(self.datadir / "data"), "-m", "immediate", "stop"],
            capture_output=True, timeout=60, check=False,
        )
        shutil.rmtree(self.datadir, ignore_errors=True)


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found is not None and name != "postgres":
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return candidates[-1] if candidates else found


def _as_user(user: str | None) -> list[str]:
    return [] if user is None else ["runuser", "-u", user, "--"]


def _server_user() -> str | None:
    """Who runs the server: None (ourselves) unless we are root, whom initdb refuses."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and there is no postgres or nobody user to run the server")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_cluster() -> Cluster | str:
    """A running server, or the reason there is none (a sentence for the skip)."""
    own = os.environ.get("TAROKY_TEST_DATABASE_URL", "").strip()
    if own:
        return Cluster(url=own, version="(TAROKY_TEST_DATABASE_URL)")
    try:
        import psycopg  # noqa: F401  (the driver is needed either way)
    except ImportError:
        return f"{SKIP_PREFIX}: psycopg is not installed (pip install -e '.[postgresql]')"
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        return f"{SKIP_PREFIX}: no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return f"{SKIP_PREFIX}: running as root without runuser to start the server as another user"
    try:
        user = _server_user()
    except RuntimeError as error:
        return f"{SKIP_PREFIX}: {error}"
    root = Path(tempfile.mkdtemp(prefix="taroky-pg-"))
    if user is not None:
        shutil.chown(root, user)
    port = _free_port()
    cluster = Cluster(url=f"postgresql://taroky@127.0.0.1:{port}/postgres", version="",
                      datadir=root, pg_ctl=pg_ctl, user=user)
    try:
        subprocess.run(
            [*_as_user(user), initdb, "-D", str(root / "data"), "-A", "trust", "-U", "taroky",
             "-E", "UTF8", "--no-sync", "--no-instructions"],
            capture_output=True, text=True, timeout=120, check=True,
        )
        options = (f"-p {port} -c listen_addresses=127.0.0.1 -k {root} -c fsync=off"
                   " -c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        subprocess.run(
            [*_as_user(user), pg_ctl, "-D", str(root / "data"), "-o", options,
             "-l", str(root / "server.log"), "-w", "-t", "60", "start"],
            capture_output=True, text=True, timeout=90, check=True,
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
        log = ""
        if (root / "server.log").exists():
            log = (root / "server.log").read_text(errors="replace")[-300:]
        detail = getattr(error, "stderr", "") or ""
        cluster.stop()
        return f"{SKIP_PREFIX}: the throwaway server did not start ({str(detail).strip()[-300:]} {log})"
    import psycopg

    with psycopg.connect(cluster.url, autocommit=True) as conn:
        row = conn.execute("SHOW server_version").fetchone()
        cluster.version = str(row[0]) if row else "?"
    return cluster


def fresh_url(cluster: Cluster) -> str:
    """A URL on ``cluster`` whose tables live in a new, empty schema of their own."""
    import psycopg

    schema = f"t{os.getpid()}_{next(_counter)}"
    with psycopg.connect(cluster.url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")  # (a generated name: no injection)
    sep = "&" if "?" in cluster.url else "?"
    return f"{cluster.url}{sep}options={urllib.parse.quote(f'-c search_path={schema}')}"
