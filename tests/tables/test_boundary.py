"""The table layer reads the engine's real types: no probing, no signature inspection,
no stand-in game (issue #17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TYPED_ON_THE_ENGINE = ("bot/tables/games.py", "bot/tables/table.py", "bot/tables/manager.py")


@pytest.mark.parametrize("path", TYPED_ON_THE_ENGINE)
def test_no_probing_of_the_game(path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    assert "getattr(" not in source and "hasattr(" not in source
    assert not re.search(r"^\s*(import inspect|from inspect )", source, re.M)


def test_the_fake_game_is_gone() -> None:
    assert not (ROOT / "tests/tables/fakegame.py").exists()
