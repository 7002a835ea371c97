"""The table's snapshot (``Table.to_state``), taken after every action for the store."""

from __future__ import annotations

import json
from dataclasses import asdict

from bot.tables.table import Table, TableConfig
from tests.tables.helpers import HOST, computers_done, manager, open_table


async def test_the_snapshot_holds_every_field_of_the_config_and_the_seats_as_copies() -> None:
    """The config and the seats are written field by field (``vars``, cheaper than
    ``asdict``): every field is there, and changing the snapshot (the store keeps it
    until its group is written) changes nothing at the table."""
    m = manager()
    t = open_table(m, TableConfig(options={"solo_rate": 40}))
    await t.start(HOST)
    await computers_done(t)
    state = t.to_state()
    assert state["config"] == asdict(t.config)
    assert state["seats"] == [asdict(s) if s is not None else None for s in t.seats]
    state["config"]["options"]["solo_rate"] = 1
    state["seats"][0]["name"] = "changed"
    assert t.config.options["solo_rate"] == 40
    assert t.seats[0] is not None and t.seats[0].name != "changed"
    again = Table.from_state(json.loads(json.dumps(t.to_state())))
    assert again.to_state() == t.to_state()
