"""Custom ids of every component the bot sends (parsed back by ``cogs.taroky``).

Format ``tk:<verb>:<table id>[:<hand>:<step>[:<code or kind>]]`` — at most ~60
characters, well under Discord's 100.  Verbs:

* ``l`` lobby button (``join``, ``leave``, ``ai``, ``start``)
* ``h`` "My hand" (opens the private panel); ``n`` "Deal the next hand"
* ``a`` an action button (code of the engine action)
* ``s`` an action select (values are action codes)
* ``w`` "Why?"; ``i`` "Hint"; ``r`` "Refresh" the panel
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BUTTON_RE = re.compile(
    r"tk:(?P<verb>[lhnawir]):(?P<tid>[0-9a-f]{1,16})"
    r"(?::(?P<hand>\d+):(?P<step>\d+))?(?::(?P<arg>[^\s]{1,60}))?"
)
SELECT_RE = re.compile(r"tk:s:(?P<tid>[0-9a-f]{1,16}):(?P<hand>\d+):(?P<step>\d+):(?P<arg>[a-z]{1,16})")


@dataclass(frozen=True)
class ComponentId:
    """A parsed custom id."""

    verb: str
    table_id: str
    hand: int = 0
    step: int = 0
    arg: str = ""


def lobby(table_id: str, what: str) -> str:
    return f"tk:l:{table_id}:{what}"


def my_hand(table_id: str) -> str:
    return f"tk:h:{table_id}"


def next_hand(table_id: str) -> str:
    return f"tk:n:{table_id}"


def action(table_id: str, hand: int, step: int, code: str) -> str:
    return f"tk:a:{table_id}:{hand}:{step}:{code}"


def select(table_id: str, hand: int, step: int, kind: str) -> str:
    return f"tk:s:{table_id}:{hand}:{step}:{kind}"


def why(table_id: str, hand: int, step: int) -> str:
    return f"tk:w:{table_id}:{hand}:{step}"


def hint(table_id: str, hand: int, step: int) -> str:
    return f"tk:i:{table_id}:{hand}:{step}"


def refresh(table_id: str) -> str:
    return f"tk:r:{table_id}"


def parse_button(custom_id: str) -> ComponentId | None:
    m = BUTTON_RE.fullmatch(custom_id)
    if m is None:
        return None
    return ComponentId(
        verb=m["verb"],
        table_id=m["tid"],
        hand=int(m["hand"] or 0),
        step=int(m["step"] or 0),
        arg=m["arg"] or "",
    )
