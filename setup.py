"""Build hook: compile the rules engine's hot modules with mypyc when possible.

Everything else is in pyproject.toml.  The modules stay plain Python: without mypy or a C
compiler (or with TAROKY_PURE=1) the package installs as pure Python and runs the same
rules, only slower.  After compiling, ``_native.json`` records the SHA-256 of each
compiled source so that ``bot.engine.build`` never runs a stale ``.so`` (see there).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ENGINE = HERE / "bot" / "engine"

def _load_engine_build():  # bot/engine/build.py, standalone (it imports nothing of ours)
    spec = importlib.util.spec_from_file_location("_taroky_engine_build", ENGINE / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


engine_build = _load_engine_build()


def _compiler_available() -> bool:
    cc = os.environ.get("CC") or (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def _extensions() -> list[object]:
    if os.environ.get("TAROKY_PURE") == "1":
        print("taroky: TAROKY_PURE=1, installing the pure-Python engine")
        return []
    if not _compiler_available():
        print("taroky: no C compiler, installing the pure-Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("taroky: mypyc is not available, installing the pure-Python engine")
        return []
    paths = [str(engine_build.source_path(m).relative_to(HERE)) for m in engine_build.COMPILED]
    return list(mypycify(paths, opt_level="3", debug_level="0", group_name="taroky_engine"))


class StampedBuildExt(build_ext):
    """Builds the extensions, then writes the stamp next to them."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        hashes = engine_build.source_hashes(ENGINE)
        text = json.dumps(hashes, indent=1, sort_keys=True) + "\n"
        in_tree = self.inplace or getattr(self, "editable_mode", False)
        targets = [ENGINE / engine_build.STAMP] if in_tree else []
        targets.append(Path(self.build_lib) / "bot" / "engine" / engine_build.STAMP)
        for t in targets:
            t.parent.mkdir(parents=True, exist_ok=True)
            t.write_text(text)


setup(ext_modules=_extensions(), cmdclass={"build_ext": StampedBuildExt})
