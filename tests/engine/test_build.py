"""The compiled engine (mypyc) is used only when it was built from the source beside it."""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
from pathlib import Path

import pytest

import bot.engine
from bot.engine import build


def test_the_running_build_is_the_one_reported():
    """Every hot module comes from a compiled extension in the compiled build and from its
    ``.py`` file in the pure build; TAROKY_ENGINE, when set, is obeyed."""
    wanted = os.environ.get("TAROKY_ENGINE")
    if wanted:
        assert wanted == bot.engine.ENGINE_BUILD
    for m in build.COMPILED:
        f = importlib.import_module(f"bot.engine.{m}").__file__ or ""
        if bot.engine.ENGINE_BUILD == "compiled":
            assert f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), f
        else:
            assert f.endswith(".py"), f


@pytest.fixture
def fake_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package folder with every compiled module's source, an extension and a stamp."""
    for m in build.COMPILED:
        src = build.source_path(m, tmp_path)
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {m}\n")
        src.with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0]).write_bytes(b"")
    (tmp_path / build.STAMP).write_text(json.dumps(build.source_hashes(tmp_path)))
    monkeypatch.setattr(build, "PACKAGE_DIR", tmp_path)
    monkeypatch.delenv("TAROKY_ENGINE", raising=False)
    return tmp_path


def test_a_fresh_build_is_used(fake_package: Path):
    assert build._decide() == "compiled"


def test_an_edited_source_runs_from_source_with_a_warning(fake_package: Path):
    build.source_path("game", fake_package).write_text("# edited after the build\n")
    with pytest.warns(RuntimeWarning, match="source changed"):
        assert build._decide() == "pure"


def test_a_missing_extension_or_stamp_is_not_trusted(fake_package: Path):
    (fake_package / build.STAMP).unlink()
    with pytest.warns(RuntimeWarning):
        assert build._decide() == "pure"
    src = build.source_path("scoring", fake_package)
    src.with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0]).unlink()
    with pytest.warns(RuntimeWarning, match="missing"):
        assert build._decide() == "pure"


def test_no_extensions_at_all_is_the_pure_install(fake_package: Path, recwarn):
    for m in build.COMPILED:
        build.source_path(m, fake_package).with_suffix(
            importlib.machinery.EXTENSION_SUFFIXES[0]).unlink()
    assert build._decide() == "pure"
    assert not recwarn.list


def test_the_environment_variable(fake_package: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TAROKY_ENGINE", "pure")
    assert build._decide() == "pure"
    monkeypatch.setenv("TAROKY_ENGINE", "compiled")
    assert build._decide() == "compiled"
    build.source_path("actions", fake_package).write_text("# edited\n")
    with pytest.raises(ImportError, match="source changed"):
        build._decide()
    monkeypatch.setenv("TAROKY_ENGINE", "fast")
    with pytest.raises(ImportError, match="must be"):
        build._decide()
