"""What a table shows players in words: discards in one go, Why? in every phase, names
for seats, summaries with who pays whom (issue #10)."""

from __future__ import annotations

import random

import pytest

from bot.engine import Kind, find_variant, new_game
from bot.engine.actions import act
from bot.engine.cards import SKYZ, parse_card, say_card
from bot.engine.errors import TarokyError
from bot.i18n import Text
from bot.tables.deals import Deals
from bot.tables.errors import TableError
from bot.tables.table import Table, TableConfig
from bot.tables.words import cards_text, hand_text, named, say, why_text
from cogs.ui.messages import discard_options, panel_message, payment_lines, summary_embeds
from tests.engine.helpers import stack
from tests.tables.helpers import HOST, computers_done, manager, open_table

NAMES = sorted({"czech", "nebraska", "heun", "petrtyl", "polish", "kozy", "romanian"})


async def _to_discard(table: Table) -> None:
    """The host (seat 1) bids over forehand, calls and draws until it must discard."""
    game = table.game
    assert game is not None
    for _ in range(40):
        await computers_done(table)
        if game.discard_seat == 0:
            return
        legal = game.legal_actions(0)
        pick = next((a for a in legal if a.kind is Kind.BID), None) or next(
            (a for a in legal if a.kind is not Kind.PASS), legal[0])
        await table.act(HOST, table.hand_no, table.step, [pick.code])
    raise AssertionError("the host never came to discard")


async def test_a_discard_is_exactly_the_cards_needed_and_taken_all_or_none():
    """CZ-3 (the discard: as many cards as drawn, no 5-point card, taroky only when
    nothing else is left): the panel's one select takes exactly the cards needed; a wrong number or a
    card the rules forbid refuses the whole choice with a sentence, and nothing is laid
    away."""
    deck = stack({0: "XXI XX XIX XVIII XVII XVI XV XIV KH KD KS 7C"}, dealer=0)
    m = manager(Deals.stacked(deck, seed=1))
    table = open_table(m, TableConfig(variant="czech"))
    await table.start(HOST)
    await _to_discard(table)
    game = table.game
    assert game is not None
    need = game.discard_need
    offered, count = discard_options(table, 0)
    assert count == need >= 2
    assert all(not a.card.is_king and a.card.points < 5 for a in offered)
    held = game.hands[0]
    codes = [a.code for a in offered]
    with pytest.raises(TableError, match=f"exactly {need} cards"):
        await table.act(HOST, table.hand_no, table.step, codes[: need - 1])
    assert game.hands[0] == held
    king = act(Kind.DISCARD, next(c for c in game.view_for(0).hand if c.is_king)).code
    with pytest.raises((TableError, TarokyError), match="Nothing was discarded"):
        await table.act(HOST, table.hand_no, table.step, [*codes[: need - 1], king])
    assert game.hands[0] == held
    await table.act(HOST, table.hand_no, table.step, codes[:need])
    assert game.discard_seat != 0 and (held & ~game.hands[0]).bit_count() == need


def _table(variant: str) -> Table:
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(variant=variant))
    for i, name in enumerate(("Alice", "Bětka (computer)", "Vašek (computer)", "Anča (computer)")):
        table.seats[i] = __import__("bot.tables.table", fromlist=["Seat"]).Seat(name=name, user_id=i + 1)
    return table


@pytest.mark.parametrize("variant", NAMES)
def test_why_explains_every_decision_and_never_merely_repeats_the_prompt(variant):
    """Issue #10: "Why? explains the decision in front of the player in every phase ...
    with what each choice would commit them to"; no answer merely repeats the prompt, and
    seats are named, never "Seat 2"."""
    v = find_variant(variant)
    phases = set()
    for d in range(6):
        rng = random.Random(d)
        game = new_game(v, players=4, dealer=d % 4, rng=random.Random(d))
        table = _table(variant)
        table.game = game
        while not game.is_over:
            seat = game.to_act
            view = game.view_for(seat)
            why = why_text(table, seat)
            prompt = named(table, view.prompt)
            assert why.strip() and why.strip() != prompt.strip(), (view.phase, why)
            assert "Seat " not in why and "seat " not in why.replace("seats", ""), why
            if any(a.kind not in (Kind.PLAY, Kind.DISCARD) for a in view.legal):
                assert "What your choices mean" in why, (view.phase, why)
            phases.add(view.phase)
            legal = list(view.legal)
            game.act(seat, legal[0] if d % 2 else rng.choice(legal))
        lines = payment_lines(table, game.result)
        for line, raw in zip(lines, game.result.lines, strict=True):
            if any(raw.net.values()) and sum(raw.net.values()) == 0:
                assert " pays " in line or " takes " in line, line
        embeds = summary_embeds(table, 1, game.result)
        assert all(len(e) <= 6000 for e in embeds)
        assert all(len(f.value or "") <= 1024 for e in embeds for f in e.fields)
    assert "play" in phases


def test_why_and_teach_modes_question_quote_what_the_settlement_charges():
    """Issue #10: Why? says what each choice commits the player to ("Valát: ... if you miss,
    your side pays Kč 14.00 ..."), with the amount ``Game.cost_of`` computes from the
    variant's payments; teach mode asks first only about a choice that can cost more than
    the game (CZ-6: valát, Kč 14.00 each, above the game's most), not about the pagát
    (Kč 2.00 each)."""
    from bot.store.money import format_amount
    from bot.tables.words import confirmation, is_costly

    valat, pagat = act(Kind.ANNOUNCE, "valat"), act(Kind.ANNOUNCE, "pagat")
    for d in range(20):
        game = new_game("czech", players=4, dealer=0, rng=random.Random(d))
        while not game.is_over and game.phase.value != "play":
            seat = game.to_act
            legal = game.legal_actions(seat)
            if valat in legal and pagat in legal:
                break
            game.act(seat, next((a for a in legal if a.kind in (Kind.PASS, Kind.DONE, Kind.DECLINE)), legal[0]))
        else:
            continue
        table = _table("czech")
        table.game = game
        cost = game.cost_of(seat, valat)
        assert cost is not None
        amount = format_amount("czk_hal", cost)
        upto = "" if game.knows_own_side(seat) else "up to "  # (a bidder whose partner is unknown)
        why = why_text(table, seat)
        assert "**Announce Valát** — " in why and f"if you miss, you pay {upto}{amount}" in why, why
        assert is_costly(table, seat, valat) and not is_costly(table, seat, pagat)
        question = confirmation(table, seat, valat.code)
        assert question is not None and f"you pay {upto}{amount}" in question
        assert confirmation(table, seat, pagat.code) is None
        assert confirmation(table, seat, "done") is None
        return
    raise AssertionError("no deal offered both announcements")


@pytest.mark.parametrize("variant", ["czech", "kozy", "romanian", "heun"])
def test_the_result_says_which_side_each_count_is(variant: str) -> None:
    """Issue #14: the summary tells the card-points sides apart by the engine's typed role
    (``HandResult.sides``), never by the words of their labels (which a reader may read
    translated): the declarer's side, the opponents, each with its seats."""
    v = find_variant(variant)
    for d in range(6):
        game = new_game(variant, players=v.seat_counts[0], dealer=0, rng=random.Random(d))
        rng = random.Random(d)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.act(seat, rng.choice(game.legal_actions(seat)))
        result = game.result
        assert result is not None
        for label in result.card_points:
            role, seats = result.sides[label]
            if role == "declarers":
                assert seats == result.declarer_side
            else:
                assert role == "opponents" and seats == frozenset(game.active) - result.declarer_side


async def test_a_panels_hand_in_words_follows_the_hand_and_the_reader():
    """Issue #33: a hand in words is kept between drawings of a panel (``_hand_text``),
    never past its hand.  Once the talon's cards join the hand and the discard leaves it,
    the panel names the cards held then, in the picture's order (as ``cards_text``
    sorted names them, uncached); the same cards for a Polish reader name the škýz in
    Polish."""
    deck = stack({0: "Sk XXI XX XIX XVIII XVII XVI XV XIV KH KD KS"}, dealer=0)
    m = manager(Deals.stacked(deck, seed=1))
    table = open_table(m, TableConfig(variant="czech"))
    await table.start(HOST)
    game = table.game
    assert game is not None

    def shown() -> str:
        embed, _ = panel_message(table, 0)
        field = embed.fields[0]
        assert field.name is not None and field.name.startswith(("Your cards", "Twoje karty"))
        assert field.value is not None
        return field.value

    dealt = shown()
    assert dealt == cards_text(table, game.view_for(0).hand, sort=True, t=Text())
    assert dealt.startswith("Škýz XXI")
    assert hand_text(table, game.view_for(0).hand, Text("pl")).startswith(
        Text("pl").pgettext("card word", "Škýz") + " XXI")
    assert Text("pl").pgettext("card word", "Škýz") != "Škýz"
    # The panel is in its reader's language, its cards too: a Polish player's "Your
    # cards" names the škýz in Polish (it was the English word, whatever the reader).
    seat0 = table.seats[0]
    assert seat0 is not None
    seat0.lang = "pl"
    assert shown().startswith(Text("pl").pgettext("card word", "Škýz") + " XXI")
    seat0.lang = None
    await _to_discard(table)
    drawn = game.view_for(0).hand  # the talon's cards joined the hand
    offered, need = discard_options(table, 0)
    assert shown() == cards_text(table, drawn, sort=True, t=Text()) != dealt
    assert len(shown().split()) == len(drawn) == 12 + need
    away = sorted(offered, key=lambda a: a.card.is_tarok)[:need]  # (taroky only when nothing else is left)
    await table.act(HOST, table.hand_no, table.step, [a.code for a in away])
    held = game.view_for(0).hand
    assert shown() == cards_text(table, held, sort=True, t=Text())
    assert len(shown().split()) == len(held) == 12


async def test_a_card_in_words_follows_the_variant_the_reader_and_the_long_form():
    """Issue #33: a card's name is kept (``words._said``) for the table message and the
    panels, which name the trick's cards again at every change; the name still depends on
    everything it did: the variant's words (Polish names the škýz "Skiż", Czech "Škýz"),
    the reader's language and the long form ("K♥ king")."""
    czech = open_table(manager(), TableConfig(variant="czech"))
    polish = open_table(manager(), TableConfig(variant="polish"))
    heart_king = parse_card("KH")
    for table in (czech, polish):
        v = table.game.variant if table.game is not None else find_variant(table.config.variant)
        for t in (Text(), Text("cs"), Text("pl"), Text("ro")):
            for card in (SKYZ, heart_king):
                for long in (False, True):
                    said = say(table, card, long=long, t=t)
                    assert said == say_card(card, v.card_words, long=long, t=t)
    assert say(czech, SKYZ, t=Text()) == "Škýz" != say(polish, SKYZ, t=Text())
    assert say(czech, heart_king, long=True, t=Text()) != say(czech, heart_king, t=Text()) == "K♥"
    assert say(czech, heart_king, long=True, t=Text("cs")) != say(czech, heart_king, long=True, t=Text())


def test_a_text_without_a_seat_is_named_as_it_is_and_one_with_seats_gets_the_names():
    """Issue #33: ``Table.named`` returns a text with no "Seat N" at once (most texts, such
    as every announcement line); "Seat N" and "seat N" still become the seat's name."""
    table = open_table(manager(), TableConfig(variant="czech"))
    name = table.seat_name(0)
    assert named(table, "Pagát (druhá povinnost)") == "Pagát (druhá povinnost)"
    assert named(table, "Seat 1 leads; the seat 1 player is great at it") == (
        f"{name} leads; the {name} player is great at it")
    assert named(table, "a great 1 and Seat 12") == "a great 1 and Seat 12"  # (no such seat: as it is)
