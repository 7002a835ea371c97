"""The text twin of the table picture."""

from __future__ import annotations

from bot.tables.messages import public_lines
from bot.tables.table import Table, TableConfig
from tests.engine.test_varsava import varsava


def test_last_trick_names_the_varsava_talon_card():
    """CZ-13: the talon card turned face up onto the trick is in the text too, and only
    for the first six tricks."""
    g = varsava()
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig())
    seen = []
    while len(g.tricks) < 7:
        s = g.to_act
        done = len(g.tricks)
        g.act(s, g.legal_actions(s)[0])
        if len(g.tricks) > done:
            seen.append(dict(public_lines(table, g.public_view()))["Last trick"])
    for i, line in enumerate(seen[:6]):
        assert line.endswith(f", with the talon card {g.talon[i].short}"), line
    assert "talon card" not in seen[6]
