"""``Game.clone`` (search): an independent copy of a deal that plays on exactly as the
original, with every attribute copied."""

from __future__ import annotations

import ast
import random
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bot.engine import VARIANTS, Game, new_game, seeded_rng
from bot.engine.build import COMPILED
from bot.engine.game import (
    Announced,
    Announcements,
    Auction,
    Ritual,
    StagedTalon,
    TalonDraws,
    Trick,
)

# Attributes that are never changed after the deal is made (or after the rules are
# fixed), so a clone may share them with its original.
SHARED = {"variant", "options", "rng", "deck", "active", "result", "_sides",
          "_play_rules", "_discard_rules", "_next", "_legal_val", "sitting_out"}


def attributes(g: Game) -> dict[str, Any]:
    """Every attribute of a game: its ``__dict__`` (pure build) or the compiled class's
    attribute list."""
    names = getattr(type(g), "__mypyc_attrs__", None)  # the compiled class lists them
    if names is None:
        return dict(vars(g))
    return {n: getattr(g, n) for n in names if n != "__dict__" and hasattr(g, n)}


def same(a: object, b: object) -> bool:
    """Equal values; objects without their own equality are compared attribute by attribute."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))  # type: ignore[arg-type]
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)  # type: ignore[attr-defined,index]
    compiled = getattr(type(a), "__mypyc_attrs__", None)
    if compiled is not None and type(a).__eq__ is object.__eq__:
        return all(same(getattr(a, n, None), getattr(b, n, None)) for n in compiled
                   if n != "__dict__")
    if hasattr(a, "__dict__") and type(a).__eq__ is object.__eq__:
        return same(vars(a), vars(b))
    if hasattr(type(a), "__slots__") and type(a).__eq__ is object.__eq__:
        return all(same(getattr(a, s), getattr(b, s)) for s in type(a).__slots__)
    return a == b


def random_game(variant: str, seed: int, stop: int) -> Game:
    """A hand of ``variant`` after ``stop`` random legal actions (or finished)."""
    rng = random.Random(seed)
    n = VARIANTS[variant].seat_counts[0]  # (Taper: three, TP-1)
    g = new_game(variant, players=n, dealer=seed % n, rng=seeded_rng(seed))
    for _ in range(stop):
        if g.to_act is None:
            break
        la = g.legal_actions(g.to_act)
        g.act(g.to_act, la[int(rng.random() * len(la))])
    return g


def mutable(v: object) -> bool:
    """Containers and the engine's own mutable records (frozen ones and enums are not)."""
    return isinstance(v, list | dict | set | Auction | Announcements | Announced | Ritual
                      | StagedTalon | TalonDraws | Trick)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_clone_copies_every_attribute(variant: str) -> None:
    """Every attribute of ``Game`` is in the clone with an equal value, and every mutable one
    is a copy (not shared) unless it is never changed after the deal: an attribute added to
    ``Game`` later fails here until ``clone`` copies it."""
    for seed in range(6):
        for stop in (0, 5, 15, 30, 60):
            g = random_game(variant, seed, stop)
            c = g.clone()
            orig, copy = attributes(g), attributes(c)
            assert orig.keys() == copy.keys(), set(orig) ^ set(copy)
            for name, v in orig.items():
                assert same(v, copy[name]), name
                if name not in SHARED and mutable(v):
                    assert v is not copy[name], f"{name} is shared with the clone"
            # One level down: the announcements' own containers are copies too.
            for name, v in attributes(g.ann).items():
                if mutable(v):
                    assert v is not attributes(c.ann)[name], f"ann.{name} is shared"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_attribute_has_a_declared_way_to_be_cloned(variant: str) -> None:
    """``Game.clone`` copies exactly the attributes ``Game`` declares (shared, copied, or a
    sub-state's own clone): an attribute added to ``Game`` and to none of the three lists
    fails here, and so does one listed twice or listed but gone."""
    g = random_game(variant, 1, 20)
    declared = [*Game.SHARED_FIELDS, *Game.COPIED_FIELDS, *Game.STATE_FIELDS]
    assert len(declared) == len(set(declared)), "an attribute is declared twice"
    assert set(attributes(g)) == set(declared), set(attributes(g)) ^ set(declared)
    for name in Game.SHARED_FIELDS:
        assert not mutable(getattr(g, name)) or name in SHARED, f"{name} is mutable"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_clone_plays_on_like_the_original_and_apart_from_it(variant: str) -> None:
    """The clone and the original, given the same actions, reach the same result; playing
    on the clone leaves the original as it was."""
    for seed in range(10):
        g = random_game(variant, seed, 12 + seed * 3)
        c = g.clone()
        before = g.view_for(0)
        rng = random.Random(seed)
        actions = []
        while c.to_act is not None:
            la = c.legal_actions(c.to_act)
            a = la[int(rng.random() * len(la))]
            actions.append((c.to_act, a))
            c.act(c.to_act, a)
        assert g.view_for(0) == before
        for s, a in actions:
            g.act(s, a)
        assert g.result is not None and c.result is not None
        assert g.result.net == c.result.net
        assert g.hands == c.hands and g.won == c.won


def test_play_lean_is_play() -> None:
    """``play_lean`` plays a card exactly as ``act`` does (the same rules and scoring)."""
    for seed in range(20):
        a = random_game("czech" if seed % 2 else "nebraska", seed, 0)
        rng = random.Random(seed)
        while a.to_act is not None and a.phase.value != "play":
            la = a.legal_actions(a.to_act)
            a.act(a.to_act, la[int(rng.random() * len(la))])
        b = a.clone()
        while a.to_act is not None:
            s = a.to_act
            la = a.legal_actions(s)
            x = la[int(rng.random() * len(la))]
            a.act(s, x)
            assert b.cached_play_mask(s) >> x.card & 1
            b.play_lean(s, x.card)
        assert a.result is not None and b.result is not None
        assert a.result.net == b.result.net


def test_the_compiled_game_is_in_the_compiled_list() -> None:
    """(the clone test above runs on whichever build is active; both are tested by ./dev test)"""
    assert "game" in COMPILED


def test_clone_assigns_each_declared_field_the_declared_way() -> None:
    """``Game.clone`` is written out field by field (for speed): each of its assignments is
    ``g.x = self.x`` for a shared field, ``g.x = self.x.copy()`` for a copied one and a
    sub-state's own ``clone()`` for a state, and it assigns every declared field once."""
    import bot.engine

    # (The source file, not ``inspect``: the compiled module has no Python source.)
    path = Path(bot.engine.__file__).parent / "game.py"
    source = path.read_text(encoding="utf-8").split("    def clone(self) -> Game:")[1]
    source = source.split("    def forget_caches")[0]
    body = ast.parse(textwrap.dedent("def clone(self):" + source)).body[0]
    assert isinstance(body, ast.FunctionDef)
    how: dict[str, str] = {}
    for node in body.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Attribute)):
            continue
        name = node.targets[0].attr
        text = ast.unparse(node.value)
        assert name not in how, f"{name} is assigned twice"
        if text == f"self.{name}":
            how[name] = "shared"
        elif text == f"self.{name}.copy()":
            how[name] = "copied"
        elif text in (f"self.{name}.clone()",
                      f"None if self.{name} is None else self.{name}.clone()"):
            how[name] = "state"
        else:
            raise AssertionError(f"{name} is assigned as {text}")
    want = {**{n: "shared" for n in Game.SHARED_FIELDS}, **{n: "copied" for n in Game.COPIED_FIELDS},
            **{n: "state" for n in Game.STATE_FIELDS}}
    assert how == want
