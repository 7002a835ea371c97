"""Draw the pictures of docs/first-evening.md from a real hand: the Czech lesson's
prepared deal, played by the computer players (the learner's seat plays as advised).

    .venv/bin/python docs/first_evening_images.py
"""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image

from bot.ai.players import choose_level
from bot.engine import Kind
from bot.engine.session import Session
from bot.tables.lesson import PLANS, advise
from bot.tables.scenes import hand_scene, summary_scene, table_scene
from bot.tables.table import PLAYING, Seat, Table, TableConfig
from rendering import render_hand, render_summary, render_table

OUT = Path(__file__).with_name("images")
NAMES = ("You", "Bětka (computer)", "Vašek (computer)", "Anča (computer)")


def phone(png: bytes, width: int = 360) -> bytes:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS).save(out, "PNG")
    return out.getvalue()


def main() -> None:
    plan = PLANS["czech"]
    table = Table(guild_id=1, channel_id=1, host_id=1,
                  config=TableConfig(variant="czech", options=dict(plan.options)))
    table.seats = [Seat(name=n, user_id=1 if i == 0 else None) for i, n in enumerate(NAMES)]
    session = Session.begin("czech", 4, dict(plan.options), dealer=plan.dealer)
    game = session.deal(rng=random.Random(1), deck=list(plan.deck))
    table.session = session
    table.game, table.status, table.hand_no = game, PLAYING, 1
    shot = False
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if (seat == 0 and not shot and len(game.tricks) >= 3 and game.public_view().trick
                and any(a.kind is Kind.PLAY for a in game.legal_actions(0))):
            table_png = render_table(_scene(table))
            (OUT / "evening-table.png").write_bytes(table_png)
            (OUT / "evening-table-phone.png").write_bytes(phone(table_png))
            hand = hand_scene(table, 0)
            assert hand is not None
            (OUT / "evening-hand.png").write_bytes(render_hand(hand))
            shot = True
        if seat == 0:
            for a in advise(game, 0)[0]:
                game.act(0, a)
        else:
            game.act(seat, choose_level("normal", game, seat).action)
    session.record(game)
    table.status = "between"
    assert game.result is not None
    (OUT / "evening-summary.png").write_bytes(render_summary(summary_scene(table, 1, game.result)))
    print("wrote", *sorted(p.name for p in OUT.glob("evening-*.png")))


def _scene(table: Table):  # type: ignore[no-untyped-def]
    scene = table_scene(table)
    assert scene is not None
    return scene


if __name__ == "__main__":
    main()
