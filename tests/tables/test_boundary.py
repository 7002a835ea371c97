"""The table layer reads the engine's real types: no probing, no signature inspection,
no stand-in game (issue #17)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TYPED_ON_THE_ENGINE = ("bot/tables/deals.py", "bot/tables/table.py", "bot/tables/manager.py")


@pytest.mark.parametrize("path", TYPED_ON_THE_ENGINE)
def test_no_probing_of_the_game(path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    assert "getattr(" not in source and "hasattr(" not in source
    assert not re.search(r"^\s*(import inspect|from inspect )", source, re.M)


def test_the_fake_game_is_gone() -> None:
    assert not (ROOT / "tests/tables/fakegame.py").exists()


def test_house_rules_are_typed_and_checked_where_a_stored_table_is_read() -> None:
    """``TableConfig.options`` holds ``OptionValue``s (no ``Any``), and a stored table's
    house rules are checked against the variant again as it is read, not trusted."""
    from typing import get_type_hints

    from bot.engine import BadInput, OptionValue
    from bot.tables.table import TableConfig

    assert get_type_hints(TableConfig)["options"] == dict[str, OptionValue]
    good = TableConfig.from_state({"variant": "czech", "players": 4, "options": {"zid": True},
                                   "teach": False, "level": "easy", "deals": 3})
    assert good == TableConfig("czech", 4, {"zid": True}, False, "easy", 3)
    for stored in ({"zid": [1]}, {"zid": 2}, {"no_such_rule": True}, ["zid"]):
        with pytest.raises(BadInput):
            TableConfig.from_state({"variant": "czech", "options": stored})
