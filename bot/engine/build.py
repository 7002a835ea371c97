"""Which build of the engine is running: compiled (mypyc) or the pure-Python source.

The engine's hot modules (``COMPILED``) are plain, fully typed Python.  ``pip install``
compiles them with mypyc when it can (``setup.py``); the source stays the reference and
the fallback.  A compiled module is used only when it was built from the very source
next to it: the build writes the sources' SHA-256 to ``_native.json``, and a mismatch
(an edited ``.py`` after the build) loads the source instead, with a warning.

``TAROKY_ENGINE=pure`` forces the source (CI runs the engine tests both ways);
``TAROKY_ENGINE=compiled`` makes a missing or stale compiled build an error.

This module must stay importable without the compiled modules, so it imports none.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: Modules compiled by mypyc, relative to the ``bot.engine`` package.
COMPILED: tuple[str, ...] = (
    "masks",
    "say",
    "actions",
    "phase",
    "announcing",
    "pre_auction",
    "talon",
    "ritual",
    "refusals",
    "game",
    "scoring",
    "restrictions",
    "kernel",
    "playout",
    "variants.base",
    "variants.czech",
    "variants.kingcall",
    "variants.nebraska",
    "variants.heun",
    "variants.petrtyl",
    "variants.polish",
    "variants.kozy",
    "variants.romanian",
    "variants.taper",
)
STAMP = "_native.json"
PACKAGE_DIR = Path(__file__).resolve().parent


def source_path(module: str, package_dir: Path | None = None) -> Path:
    """The ``.py`` file of a module named relative to ``bot.engine``."""
    return (package_dir or PACKAGE_DIR).joinpath(*module.split(".")).with_suffix(".py")


def source_hashes(package_dir: Path | None = None) -> dict[str, str]:
    return {m: hashlib.sha256(source_path(m, package_dir).read_bytes()).hexdigest()
            for m in COMPILED}


def _extension_present(module: str) -> bool:
    src = source_path(module)
    return any(src.with_suffix(suffix).exists()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the listed engine modules from their ``.py`` files, never from a ``.so``."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        rel = fullname.removeprefix("bot.engine.")
        return importlib.util.spec_from_file_location(fullname, source_path(rel))


def _decide() -> str:
    wanted = os.environ.get("TAROKY_ENGINE", "").strip().lower()
    if wanted not in ("", "pure", "compiled"):
        raise ImportError("TAROKY_ENGINE must be 'pure' or 'compiled' (or unset).")
    found = [_extension_present(m) for m in COMPILED]
    if wanted == "pure" or not any(found):
        if wanted == "compiled":
            raise ImportError("TAROKY_ENGINE=compiled, but the engine is not compiled: "
                              "run `pip install -e .` (or ./dev build) with a C compiler.")
        return "pure"
    why = ""
    if not all(found):
        why = "some compiled modules are missing"
    else:
        try:
            stamp = json.loads((PACKAGE_DIR / STAMP).read_text())
        except (OSError, ValueError):
            stamp = None
        if stamp != source_hashes():
            why = "the source changed after the build"
    if not why:
        return "compiled"
    if wanted == "compiled":
        raise ImportError(f"TAROKY_ENGINE=compiled, but {why}: run ./dev build.")
    warnings.warn(f"The compiled rules engine is not used ({why}); running the pure-Python "
                  "source. Run ./dev build to compile it again.", RuntimeWarning, stacklevel=3)
    return "pure"


def activate() -> str:
    """Decide once per process, before any compiled module is imported."""
    mode = _decide()
    if mode == "pure":
        names = {f"bot.engine.{m}" for m in COMPILED}
        if not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
            sys.meta_path.insert(0, _SourceFirst(names))
    return mode
