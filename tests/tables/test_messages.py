"""The text twin of the table picture."""

from __future__ import annotations

from bot.tables.table import Table, TableConfig
from cogs.ui.messages import public_lines
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
        assert line.endswith(f", with the talon card {g.variant.say(g.talon[i])}"), line
    assert "talon card" not in seen[6]


def test_heun_summary_tells_points_and_cards() -> None:
    """Heun counts points *and cards* ('35 plus a leftover card wins'): the summary embed,
    its picture's text twin and the scene carry "35 points and 1 card", not La Vista's
    card points."""
    from bot.tables.scenes import summary_scene
    from cogs.ui.messages import summary_message
    from rendering import text_summary
    from tests.engine.test_heun import FOUR_TRICKS, five_with_partner_took

    g = five_with_partner_took(FOUR_TRICKS)
    r = g.result
    assert r is not None and r.card_counts
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(variant="heun"))
    table.game = g
    embed = summary_message(table, 1, r)
    shown = " ".join(f.value for f in embed.fields)
    assert "35 points and 1 card" in shown and "34 points and 2 cards" in shown
    text = text_summary(summary_scene(table, 1, r))
    assert "35 points and 1 card" in text


def test_doubles_are_told_in_the_variants_words_beyond_three() -> None:
    """PL-6: "kontra ×2 … re ×4 … sub ×8 … mord ×16": the table text names the doubled item
    and the word of its level with the multiplier, up to the fourth double."""
    from tests.engine.test_polish import brewer_to_announce, say

    g = brewer_to_announce({0: "I XXI XX XIX XVIII XVII KH KD KS KC QH QD"})
    say(g, (0, "done", None), (1, "double", "game"), (2, "done", None), (3, "done", None),
        (0, "double", "game"), (1, "double", "game"), (0, "double", "game"))
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(variant="polish"))
    table.game = g
    text = dict(public_lines(table, g.public_view()))["Doubles"]
    assert text == "Mord ×16: the game"
    # Issue #10: "doubling shown the same in text and picture".
    from bot.tables.scenes import table_scene

    scene = table_scene(table)
    assert scene is not None and scene.flek == text


def test_the_public_lines_kept_follow_the_reader_the_names_and_the_moment() -> None:
    """Issue #33: the public lines are kept per moment (the table message and both panels
    show them at each change); they still follow the reader's language, a seat's new name
    at the same moment (a player leaves and a computer takes the seat), and the next move."""
    from bot.i18n import Text
    from bot.tables.table import Seat

    g = varsava()
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig())
    table.game = g
    table.seats = [Seat("Alice", 11), Seat("Bob", 12), Seat("Cyril", 13), Seat("Dana", 14)]
    g.act(g.to_act, g.legal_actions(g.to_act)[0])
    first = public_lines(table, g.public_view())
    assert public_lines(table, g.public_view()) == first  # (kept: the same lines again)
    bids = dict(first)["Bids"]
    assert bids.startswith("Alice: ")
    czech = public_lines(table, g.public_view(), Text("cs"))
    assert czech != first and dict(czech).get("Bids") is None  # (the Czech heading)
    table.seats[0] = Seat("Alice's computer")
    assert dict(public_lines(table, g.public_view()))["Bids"].startswith("Alice's computer: ")
    g.act(g.to_act, g.legal_actions(g.to_act)[0])
    assert dict(public_lines(table, g.public_view()))["Trick"] != dict(first)["Trick"]


def test_the_table_messages_view_is_kept_all_hand_long() -> None:
    """Issue #33: the table message's buttons (My hand) are one view kept from move to
    move (discord.py's buttons cost some 10 µs each to build); a panel's change with
    every step (their ids carry it) and are built each time."""
    from bot.tables.table import PLAYING, Seat
    from cogs.ui.messages import panel_message, table_message

    g = varsava()
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(teach=False))
    table.game, table.status = g, PLAYING
    table.seats = [Seat("Alice", 11), Seat("Bob", 12), Seat("Cyril", 13), Seat("Dana", 14)]
    seat = g.to_act

    def ids(view: object) -> list[str]:
        return [c["custom_id"] for row in view.to_components() for c in row["components"]]  # type: ignore[attr-defined]

    _, public = table_message(table)
    _, panel = panel_message(table, seat)
    g.act(seat, g.legal_actions(seat)[0])
    table.step += 1
    assert table_message(table)[1] is public and ids(public) == [f"tk:h:{table.id}"]
    assert ids(panel_message(table, seat)[1]) != ids(panel)
    table.status = "between"
    assert ids(table_message(table)[1]) == [f"tk:n:{table.id}"]
