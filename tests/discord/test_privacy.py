"""Privacy: over many simulated hands, nothing public shows a private card.

A spy wraps SimCord's backend (every message create and edit, whichever route the
bot used) and checks each message *at the moment it is written*:

* a non-ephemeral message (content, embeds, component labels and select options)
  may show only public cards: cards played to tricks, talon cards lying face up
  and discards made face up;
* an ephemeral message to a player may in addition show that player's own hand,
  the talon cards they have seen, their own discards and the cards their legal
  choices name (e.g. a card to call) — never another hand.

The called card counts as public once called (its name is announced, its holder is not).

Cards are recognised by their short code (``XIX``, ``KH``, ``10S``) and their name
(``the king of hearts``) as whole words.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import pytest

from bot.engine.cards import CARDS, Card, parse_card
from tests.discord.harness import PLAY, open_panel, play_out, table_message, table_of

ALL = frozenset(CARDS)


def _texts(message: Any) -> list[str]:
    out = [message.content or ""]
    out.append(json.dumps(message.embeds, ensure_ascii=False))
    for row in message.components or []:
        for c in row.get("components", []):
            out.append(str(c.get("label") or ""))
            out.append(str(c.get("placeholder") or ""))
            for o in c.get("options", []) or []:
                out.append(f"{o.get('label', '')} {o.get('description', '')}")
    for a in getattr(message, "attachments", []) or []:
        out.append(str(getattr(a, "filename", "") or (a.get("filename", "") if isinstance(a, dict) else "")))
    return out


def _mentions(texts: list[str], cards: frozenset[Card]) -> set[Card]:
    blob = "\n".join(texts)
    found: set[Card] = set()
    for card in cards:
        short = re.escape(card.short)
        if re.search(rf"(?<![\w.]){short}(?![\w])", blob) or card.name.lower() in blob.lower():
            found.add(card)
    return found


class Spy:
    """Checks every message the backend stores against what its viewers may see."""

    def __init__(self, world: Any) -> None:
        self.world = world
        self.public_seen: set[Card] = set()
        self.checked_public = 0
        self.checked_private = 0
        self.violations: list[str] = []
        backend = world.env.backend
        self._commit = backend.commit_message
        self._edit = backend.edit_message
        backend.commit_message = self.commit_message
        backend.edit_message = self.edit_message

    def commit_message(self, message: Any, *args: Any, **kwargs: Any) -> Any:
        stored = self._commit(message, *args, **kwargs)
        self.check(stored if stored is not None else message)
        return stored

    def edit_message(self, *args: Any, **kwargs: Any) -> Any:
        stored = self._edit(*args, **kwargs)
        self.check(stored)
        return stored

    def _public_cards(self) -> set[Card]:
        table = self.world.bot.tables.get(self.world.channel.id)
        if table is not None and table.game is not None:
            pub = table.game.public_view()
            for name in ("trick", "last_trick", "public_discards"):
                for item in getattr(pub, name, ()) or ():
                    self.public_seen.add(Card(item[1]))
            for c in getattr(pub, "exposed", ()) or ():
                self.public_seen.add(Card(c))
            called = getattr(pub, "called", None)
            if called:  # which card was called is announced; who holds it is not
                with contextlib.suppress(ValueError):
                    self.public_seen.add(parse_card(str(called)))
        return self.public_seen

    def _own_cards(self, user_id: int) -> set[Card]:
        table = self.world.bot.tables.get(self.world.channel.id)
        if table is None or table.game is None:
            return set()
        seat = table.seat_of(user_id)
        if seat is None:
            return set()
        view = table.game.view_for(seat)
        own = {Card(c) for c in getattr(view, "hand", ())}
        own |= {Card(c) for c in getattr(view, "talon_seen", ()) or ()}
        own |= {Card(c) for c in getattr(view, "my_discards", ()) or ()}
        # Cards the player may name in a choice (e.g. a card to call as partner).
        own |= {a.value for a in table.game.legal_actions(seat) if isinstance(a.value, Card)}
        return own

    def check(self, message: Any) -> None:
        if message is None:
            return
        allowed = set(self._public_cards())
        if message.is_ephemeral:
            meta = message.interaction_metadata or {}
            viewer = int((meta.get("user") or {}).get("id") or 0)
            allowed |= self._own_cards(viewer)
            self.checked_private += 1
        else:
            self.checked_public += 1
        leaked = _mentions(_texts(message), ALL - allowed)
        if leaked:
            kind = "ephemeral" if message.is_ephemeral else "public"
            self.violations.append(f"{kind} message shows {sorted(c.short for c in leaked)}: {_texts(message)[:2]}")


@pytest.mark.parametrize("players", [4, 5])
async def test_nothing_public_shows_a_private_card(world, players):
    spy = Spy(world)
    await world.alice.slash(world.channel, "taroky new", players=players, teach=True, options=PLAY)
    await world.bob.click(table_message(world), label="Join")
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    for hand in range(6):
        panels = {m.id: await open_panel(world, m) for m in (world.alice, world.bob)}
        await play_out(world, panels)
        assert table.status == "between"
        if hand < 5:
            await world.bob.click(table_message(world), label="Deal the next hand")
    assert spy.checked_public > 20 and spy.checked_private > 20
    assert not spy.violations, "\n".join(spy.violations[:10])


async def test_the_spy_catches_a_leak(world):
    """The check itself works: a public message naming a hand card is caught."""
    spy = Spy(world)
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    seat = table.seat_of(world.alice.id)
    secret = table.game.view_for(seat).hand[0]
    channel = world.bot.get_partial_messageable(world.channel.id)
    await channel.send(f"psst: alice holds {secret.short}")
    await world.env.settle()
    assert spy.violations
