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

Cards are recognised by their short code (``XIX``, ``KH``, ``10S``), their name
(``the king of hearts``) and the words players read (``say_card`` in every variant's
words: ``K♥``, ``A♦``/``1♦``, ``Škýz``) as whole words; attachment file names and alt texts count as
text too.

Pictures: a second spy wraps ``rendering.render_table`` / ``render_trick`` /
``render_summary`` / ``render_hand`` (the bot looks them up on the module when it draws)
and checks every scene *at the moment it is drawn*: each ``Card`` in a table or trick
scene (trick, last trick, talon shown face up) must be public then, and a summary may
only be drawn once the hand is over.  Hand scenes are private (they go only to
ephemeral panels) and must show exactly the hand of a seated human.  Scenes hold cards
as ``Card`` objects, so the check walks the dataclasses instead of reading pixels.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from typing import Any

import pytest

import rendering
from bot.engine.cards import CARDS, Card, parse_card, say_card
from bot.engine.variants import VARIANTS
from bot.i18n import Text
from tests.discord.harness import PLAY, open_panel, play_out, table_message, table_of

ALL = frozenset(CARDS)
ENGLISH_TEXT = Text()

#: Every way a player may read a card: its short code and, in each variant's words, the
#: form ``say_card`` writes (``K♥``, ``A♦`` or ``1♦``, ``Škýz``, ``Skiz``).
_FORMS: dict[Card, frozenset[str]] = {
    c: frozenset({c.short} | {say_card(c, v.card_words) for v in VARIANTS.values()}) for c in CARDS
}


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
        for key in ("filename", "description"):
            value = a.get(key, "") if isinstance(a, dict) else getattr(a, key, "")
            out.append(str(value or ""))
    return out


def _mentions(texts: list[str], cards: frozenset[Card]) -> set[Card]:
    blob = "\n".join(texts)
    found: set[Card] = set()
    for card in cards:
        if card.name.lower() in blob.lower() or any(
            re.search(rf"(?<![\w.]){re.escape(form)}(?![\w])", blob) for form in _FORMS[card]
        ):
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


def scene_cards(value: Any) -> set[Card]:
    """Every Card anywhere inside a scene (dataclasses, tuples, frozensets)."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        found: set[Card] = set()
        for f in dataclasses.fields(value):
            found |= scene_cards(getattr(value, f.name))
        return found
    if isinstance(value, (tuple, list, frozenset, set)):
        found = set()
        for item in value:
            found |= scene_cards(item)
        return found
    return set()


class SceneSpy:
    """Checks every scene handed to the renderers against what everyone may see."""

    PUBLIC = ("render_table", "render_trick", "render_summary")

    def __init__(self, spy: Spy, monkeypatch: Any) -> None:
        self.spy = spy
        self.counts: dict[str, int] = {}
        self.violations: list[str] = []
        for name in (*self.PUBLIC, "render_hand"):
            original = getattr(rendering, name)

            def wrapped(scene: Any, _name: str = name, _original: Any = original) -> bytes:
                self.check(_name, scene)
                return _original(scene)  # type: ignore[no-any-return]

            monkeypatch.setattr(rendering, name, wrapped)

    def check(self, name: str, scene: Any) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1
        table = self.spy.world.bot.tables.get(self.spy.world.channel.id)
        game = table.game if table is not None else None
        finished = game is not None and (game.to_act is None or str(getattr(game.phase, "value", game.phase)) == "finished")
        cards = scene_cards(scene)
        if name == "render_summary":
            if not finished:
                self.violations.append(f"a summary was drawn before the hand ended: {scene.title}")
            return
        if name == "render_hand":
            hands = []
            if table is not None and game is not None:
                hands = [
                    {Card(c) for c in game.view_for(i).hand}
                    for i, s in enumerate(table.seats)
                    if s is not None and s.user_id is not None
                ]
            if set(scene.cards) not in hands:
                self.violations.append(f"a hand picture shows cards that are no seated human's hand: {scene.cards}")
            return
        leaked = cards - self.spy._public_cards()
        if leaked:
            self.violations.append(f"{name} draws private cards {sorted(c.short for c in leaked)}")


async def _play_watched(world: Any, monkeypatch: Any, players: int, hands: int,
                        t: Text = ENGLISH_TEXT, teach: bool = True) -> tuple[Spy, SceneSpy]:
    """Alice and Bob play ``hands`` hands at a table with computers, every stored message
    and every drawn scene checked as it is made (the buttons read in ``t``'s language)."""
    spy = Spy(world)
    scenes = SceneSpy(spy, monkeypatch)
    await world.alice.slash(world.channel, "taroky new", players=players, teach=teach, options=PLAY)
    await world.bob.click(table_message(world), label=t._("Join"))
    await world.alice.click(table_message(world), label=t._("Start"))
    table = table_of(world)
    for hand in range(hands):
        panels = {m.id: await open_panel(world, m, t._("My hand")) for m in (world.alice, world.bob)}
        await play_out(world, panels)
        assert table.status == "between"
        if hand < hands - 1:
            await world.bob.click(table_message(world), label=t._("Deal the next hand"))
    return spy, scenes


@pytest.mark.parametrize("players", [4, 5])
async def test_nothing_public_shows_a_private_card(world, players, monkeypatch):
    spy, scenes = await _play_watched(world, monkeypatch, players, 6)
    assert spy.checked_public > 20 and spy.checked_private > 20
    assert not spy.violations, "\n".join(spy.violations[:10])
    # The pictures were checked too: tables during play, hands, one summary per hand.
    assert scenes.counts.get("render_table", 0) > 20 and scenes.counts.get("render_hand", 0) > 20
    assert scenes.counts.get("render_summary") == 6
    assert not scenes.violations, "\n".join(scenes.violations[:10])


@pytest.mark.parametrize("lang", ["cs", "pl", "ro"])
async def test_nothing_public_shows_a_private_card_in_another_language(world, lang, monkeypatch):
    """The same watch with the server and the players in Czech, Polish or Romanian: the
    engine's sentences are said again in the reader's language (its messages keep their
    values, cards among them), so a translated public text must still name no private
    card.  Every translated card name carries its symbol (``Q♠ dáma``), which the spy
    reads; the pictures' scenes hold cards as objects."""
    from tests.discord.test_table_languages import set_languages

    await set_languages(world, lang)
    await world.bob.slash(world.channel, "taroky language", language=lang)
    # (teach mode off: its confirmations are the English test's; the harness answers them in English)
    spy, scenes = await _play_watched(world, monkeypatch, 4, 2, Text(lang), teach=False)
    assert table_of(world).config.lang == lang
    assert spy.checked_public > 10 and spy.checked_private > 10
    assert not spy.violations, "\n".join(spy.violations[:10])
    assert scenes.counts.get("render_summary") == 2
    assert not scenes.violations, "\n".join(scenes.violations[:10])


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
    spy.violations.clear()
    suit_card = next((c for c in table.game.view_for(seat).hand if not c.is_tarok), secret)
    await channel.send(f"psst: alice holds {say_card(suit_card, table.game.variant.card_words)}")
    await world.env.settle()
    assert spy.violations  # the words players read are caught too, not only the codes


async def test_the_scene_spy_catches_a_leak_in_a_picture(world, monkeypatch):
    """The picture check works: a table scene showing a hand card is caught, and so is a
    summary drawn before the hand ends — while an honest table scene passes."""
    from bot.tables.scenes import table_scene

    spy = Spy(world)
    scenes = SceneSpy(spy, monkeypatch)
    await world.alice.slash(world.channel, "taroky new", options=PLAY)
    await world.alice.click(table_message(world), label="Start")
    table = table_of(world)
    assert scenes.counts.get("render_table", 0) >= 1 and not scenes.violations
    seat = table.seat_of(world.alice.id)
    secret = table.game.view_for(seat).hand[0]
    honest = table_scene(table)
    assert honest is not None
    leaky = dataclasses.replace(honest, talon_exposed=(secret,), talon_label="Talon")
    output = world.bot.output
    await output.render(leaky)
    assert any(secret.short in v for v in scenes.violations), scenes.violations
    scenes.violations.clear()
    early = rendering.SummaryScene("Hand 1", [rendering.SideResult("All", ["alice"], 0, 0)])
    await output.render(early)
    assert any("before the hand ended" in v for v in scenes.violations)
