"""The payloads the bot sends for scripted hands, against a golden file (issue #33).

The bot's own CPU an action is cut by building less (a view kept, a look-up remembered,
a cheaper check before a message is built); none of those cuts may change one byte of
what Discord receives.  Each scripted hand here (the seeded deal, two humans and two
computers, through the real bot under SimCord) records every REST request the bot makes:
its method, its route and its JSON body (embeds, components, attachments, content), in
order.  Snowflakes, interaction tokens and the table's id are numbered by first
appearance, so the record does not depend on them; the pictures' bytes are not part of
the JSON (``tests/rendering`` guards them).

The golden file was written by the bot before those cuts (``main`` at ``3b46b0a``).
A change that means to change what players see writes it again:
``TAROKY_WRITE_PAYLOADS=1 pytest tests/discord/test_payloads.py`` — and the diff of
``tests/discord/golden/payloads.json`` is then part of the review.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests.discord.harness import play_out, table_message, table_of, two_humans
from tests.discord.test_edits_per_action import play_at_pace

GOLDEN = Path(__file__).parent / "golden" / "payloads.json"
WRITE = os.environ.get("TAROKY_WRITE_PAYLOADS") == "1"

#: What may differ between runs and not between bots: snowflakes (15-21 digits, also
#: inside SimCord's interaction tokens) and the table's id (hex in the custom ids).
_SNOWFLAKE = re.compile(r"(?<!\d)\d{15,21}(?!\d)")


class Numbering:
    """Numbers each run-dependent word (a snowflake) by its first appearance."""

    def __init__(self, table_id: str) -> None:
        self.seen: dict[str, str] = {table_id: "<table>"}
        self.table_id = table_id

    def _name(self, word: str, kind: str) -> str:
        if word not in self.seen:
            self.seen[word] = f"<{kind}{len(self.seen)}>"
        return self.seen[word]

    def text(self, s: str) -> str:
        s = s.replace(self.table_id, "<table>")
        return _SNOWFLAKE.sub(lambda m: self._name(m.group(0), "id"), s)

    def value(self, v: Any) -> Any:
        if isinstance(v, str):
            return self.text(v)
        if isinstance(v, int) and not isinstance(v, bool) and v >= 10**15:
            return self._name(str(v), "id")
        if isinstance(v, dict):
            return {k: self.value(x) for k, x in v.items()}
        if isinstance(v, list):
            return [self.value(x) for x in v]
        return v


def record(world: Any, start: int) -> list[tuple[str, str]]:
    """The bot's REST requests since the ``start``-th, numbered: each its method and
    route, and its JSON body (canonical: sorted keys)."""
    numbering = Numbering(table_of(world).id)
    return [(f"{e.method} {numbering.text(e.path)}",
             json.dumps(numbering.value(e.json), ensure_ascii=False, sort_keys=True))
            for e in world.env.backend.http_requests[start:]]


def digest(body: str) -> str:
    """A body as the golden file keeps it (the whole bodies would be 2.4 MB)."""
    return hashlib.sha256(body.encode()).hexdigest()[:16]


async def scripted_hand(world: Any, *, teach: bool = False, late: bool = False) -> list[tuple[str, str]]:
    """The seeded hand from the table's opening to its summary, at the tests' pace
    (``late``: at human pace on the simulated clock, with the bot's edit throttle and
    every picture late, so the throttled, held and late-picture edits are made)."""
    start = len(world.env.backend.http_requests)
    table, panels = await two_humans(world, teach=teach)
    await world.alice.click(panels[world.alice.id].response, label="Why?")
    await world.bob.click(panels[world.bob.id].response, label="Refresh")
    if late:
        world.bot.output.edit_interval = 1.0
        world.bot.output.picture_wait = 0.0
        await play_at_pace(world, panels)
    else:
        await play_out(world, panels)
    await world.env.advance_time(10)  # (the edits held back go out)
    await world.alice.click(table_message(world), label="Deal the next hand")
    await world.env.advance_time(10)
    return record(world, start)


def check(name: str, got: list[tuple[str, str]]) -> None:
    """``got`` is the golden record ``name`` (each request's line and its body's digest)."""
    golden: dict[str, list[str]] = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    lines = [f"{request} {digest(body)}" for request, body in got]
    if WRITE:
        golden[name] = lines
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(golden, indent=0, sort_keys=True) + "\n")
        return
    assert name in golden, f"no golden payloads for {name}: TAROKY_WRITE_PAYLOADS=1 writes them"
    want = golden[name]
    for i, (line, (request, body)) in enumerate(zip(lines, got, strict=False)):
        assert line == want[i], f"request {i} of {len(want)} differs: {request} sent\n{body}"
    assert len(lines) == len(want), f"{len(lines)} requests sent, the golden record has {len(want)}"


@pytest.mark.parametrize("how", ["plain", "teach", "late"])
async def test_a_scripted_hand_sends_the_golden_payloads(world: Any, how: str) -> None:
    """Every payload of a scripted hand is the golden one: the table message, both
    panels, the replies, the summary, in the same order."""
    got = await scripted_hand(world, teach=how == "teach", late=how == "late")
    assert len(got) > 150  # (the whole hand: its ~80 actions edit the table and the panels)
    check(f"scripted hand, {how}", got)
