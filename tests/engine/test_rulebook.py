"""The rules pages come from the variant (issue #17, item 2): every term a player meets
has a page, every checkable claim of a page agrees with the engine, no page names a
clarification id, and the pages of different rule systems differ where the rules do."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from bot.engine import POOL, VARIANTS, Game, Phase, find_variant, new_game, seeded_rng
from bot.engine.actions import DONE, PASS, Action, Kind
from bot.engine.cards import CARDS, Card, parse_cards, say_card
from bot.engine.masks import NUM_TAROKY, SUIT_MASKS, TAROK_MASK
from bot.engine.restrictions import ActionRule, CardRule, Restriction
from bot.engine.rulebook import (
    MAX_PAGE,
    build_pages,
    find_page,
    lead_rule,
    normalize,
    page_text,
    pages,
)
from bot.engine.variants import Variant

from .helpers import A, game
from .kc_helpers import bid_to_call, kc, to_play

NAMES = sorted(VARIANTS)
HANDS = 150  # seeded random hands per variant and seat count
CLARIFICATION_ID = re.compile(r"\b(C|CZ|NE|HE|PT|PL|KZ|RO|TP)-\d+")
MUST_BEAT = re.compile(r"\b(must|have to)\b[^.]*\b(beat|overtake)", re.IGNORECASE)


# ---- a walk over many seeded random hands -------------------------------------------------


@dataclass
class Walk:
    """What the players of many random hands of one variant saw."""

    texts: set[str] = field(default_factory=set)  # prompts and button labels
    finished: list[Game] = field(default_factory=list)
    overtakes: int = 0  # plays where the engine made a player beat the trick (see below)


def _options(v: Variant, r: random.Random) -> dict[str, bool | int | str]:
    """Random house rules: every option of the variant gets exercised."""
    out: dict[str, bool | int | str] = {}
    for o in v.option_specs:
        if o.choices is not None:
            out[o.key] = r.choice(o.choices)
        elif isinstance(o.default, bool):
            out[o.key] = r.random() < 0.5
        else:
            out[o.key] = o.default
    return out


def _follow_mask(g: Game, seat: int) -> int:
    """The cards that following suit alone allows (follow suit, else a tarok, else any)."""
    hand = g.hands[seat]
    t = g.trick
    if t is None or not t.plays:
        return hand
    led: Card = t.plays[0][1]
    same = hand & (TAROK_MASK if led < NUM_TAROKY else SUIT_MASKS[led.suit])
    if same:
        return same
    return hand & TAROK_MASK or hand


def _beats_all(g: Game, seat: int, c: int) -> bool:
    t = g.trick
    assert t is not None
    return g.variant.trick_winner([*t.plays, (seat, CARDS[c])]) == seat


def _play_out(g: Game, r: random.Random, w: Walk) -> None:
    while not g.is_over:
        # (PlayerView.prompt is exactly one of these two: a seat's or the spectators')
        for s in g.active:
            w.texts.add(g.prompt(s))
        w.texts.add(g.variant.public_prompt(g))
        seat = g.to_act
        assert seat is not None
        legal = g.legal_actions(seat)
        for a in legal:
            if a.kind not in (Kind.PLAY, Kind.DISCARD):
                w.texts.add(a.label)
        if g.phase is Phase.PLAY and g.trick is not None and g.trick.plays:
            allowed = g.legal_play_mask(seat)
            # (a card kept for an announced last-trick bonus is refused for another rule)
            refused = _follow_mask(g, seat) & ~allowed & ~g.variant.kept_cards(g, seat)
            if allowed and refused and all(_beats_all(g, seat, c) for c in _bits(allowed)) and any(
                    not _beats_all(g, seat, c) for c in _bits(refused)):
                w.overtakes += 1
        g.act(seat, _choose(g, legal, r))


def _choose(g: Game, legal: list[Action], r: random.Random) -> Action:
    """A random choice that reaches the rare contracts: players pass the auction more often
    than not (so povinnost stands and Varšava, druhá povinnost, Four and Three come up)."""
    if g.phase is Phase.AUCTION and PASS in legal and r.random() < 0.7:
        return PASS
    if (g.phase is Phase.ANNOUNCE and DONE in legal and r.random() < 0.85
            and any(a.kind is Kind.ANNOUNCE for a in legal)):
        return DONE  # (RO-12: a long first turn would announce everything, valat included)
    return r.choice(legal)


def _bits(m: int) -> Iterator[int]:
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


_WALKS: dict[tuple[str, bool], Walk] = {}


def walk(name: str, default_options: bool = False) -> Walk:
    """Seeded random hands of ``name`` at every seat count (cached per test session)."""
    key = (name, default_options)
    if key not in _WALKS:
        v = find_variant(name)
        w = Walk()
        for seed in range(HANDS):
            r = random.Random(seed)
            for players in v.seat_counts:
                opts = None if default_options else _options(v, r)
                g = new_game(v, players=players, dealer=r.randrange(players), options=opts,
                             rng=seeded_rng(seed), first_of_session=r.random() < 0.5)
                _play_out(g, r, w)
                w.finished.append(g)
        _WALKS[key] = w
    return _WALKS[key]


# ---- (a) every term a player meets has a page -----------------------------------------------

CARD_CODES = frozenset(c.short for c in CARDS)
#: Cards as players read them (``K♠``, ``A♦``, ``Škýz``) and the words after a court card.
CARD_WORDS = frozenset(say_card(c, v.card_words) for v in VARIANTS.values() for c in CARDS)
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
#: Plain English words that start prompts and buttons; everything else capitalised or
#: foreign must be a term with a page.
PLAIN = frozenset(["seat", "wait", "you", "the", "they", "call", "calling", "announce", "take", "show", "deal", "don't", "done", "lead", "follow", "choose", "keep", "or", "with", "as", "nobody", "play", "your", "if", "else", "any", "cut", "bid", "pass", "hold", "draw", "discard", "double"])
#: Terms that are also everyday English ("hold nothing else", "the second three"): in
#: lower case inside a sentence they are not asked about; capitalised (a button, a bid)
#: they are.
ENGLISH = frozenset((
    "hold", "three", "four", "five", "partner", "no kings", "no three", "no trumps", "level",
    "pass", "bid", "draw", "call", "discard", "double", "declare", "announce", "cut", "knock",
    "tap", "surrender", "batch", "combinations", "dealer", "blind", "pot", "sweep", "chips",
    "play on", "twelves", "throw in", "bidder", "declarer",
))


def all_terms() -> list[str]:
    """Every term of every variant's glossary and every contract title (normalised), longest
    first; numbers are left out (they are seat numbers and amounts far more often)."""
    terms: set[str] = set()
    for v in VARIANTS.values():
        terms.update(normalize(t) for t in v.glossary)
        terms.update(normalize(c.title) for c in v.contracts.values())
    return sorted((t for t in terms if not t.isdigit()), key=len, reverse=True)


def terms_in(text: str) -> tuple[set[str], list[str]]:
    """The known terms in ``text``, and the words that look like game terms (capitalised
    inside a sentence, or not English) that no known term covers."""
    text = CLARIFICATION_ID.sub("", text)  # (a separate test is about these)
    text = " ".join(w for w in text.split(" ") if w.strip(".,:;()") not in CARD_CODES | CARD_WORDS)
    norm = normalize(text)
    assert len(norm) == len(text)
    found: set[str] = set()
    covered = [False] * len(norm)
    for term in all_terms():
        for m in re.finditer(rf"(?<![\w]){re.escape(term)}(?:s|y|es)?(?![\w])", norm):
            if not any(covered[m.start():m.end()]):
                if term not in ENGLISH or text[m.start()].isupper():
                    found.add(term)
                for i in range(m.start(), m.end()):
                    covered[i] = True
    strange = []
    for m in WORD.finditer(text):
        word = m.group()
        if any(covered[m.start():m.end()]) or word.lower() in PLAIN:
            continue
        before = text[:m.start()].rstrip()
        starts_sentence = not before or before[-1] in ".!?:;"
        if not word.isascii() or (word[0].isupper() and not starts_sentence):
            strange.append(word)
    return found, strange


@pytest.mark.parametrize("name", NAMES)
def test_every_term_of_every_prompt_and_button_has_a_page(name: str) -> None:
    """Issue #17: "every term that any prompt or button uses has an entry with an example" —
    in that variant's own glossary, over many seeded random hands of every seat count."""
    v = find_variant(name)
    w = walk(name)
    own = {normalize(t) for t in pages(v)}
    missing: dict[str, str] = {}
    for text in sorted(w.texts):
        found, strange = terms_in(text)
        for term in found - own:
            if find_page(v, term) is None:  # (what /taroky rules topic:<term> answers)
                missing.setdefault(term, text)
        for word in strange:
            missing.setdefault(word, text)
    assert not missing, f"{v.title}: terms without a page (term: where it appears): {missing}"
    assert len(w.texts) > 30  # the walk did see the game's prompts and buttons


def test_the_term_check_flags_an_unknown_term() -> None:
    """The check above can fail: a prompt with a foreign or capitalised word it does not
    know is flagged, and a term of another variant is found."""
    found, strange = terms_in("Bid Mariáš or Bezique, or announce Tarok 1 Last.")
    assert strange == ["Mariáš", "Bezique"]
    assert "tarok 1 last" in found
    assert "povinnost" in terms_in("Pass, or bid higher than Povinnost.")[0]


@pytest.mark.parametrize("name", NAMES)
def test_every_contract_has_a_glossary_entry(name: str) -> None:
    """Every contract of the variant is explained in its own words on the bidding page."""
    v = find_variant(name)
    terms = {normalize(t) for t in v.glossary}
    for c in v.contracts.values():
        assert normalize(c.title) in terms, c.title
        assert v.glossary[next(t for t in v.glossary if normalize(t) == normalize(c.title))][0] \
            in pages(v)["auction"].body


@pytest.mark.parametrize("name", NAMES)
def test_every_glossary_entry_has_a_meaning_and_an_example(name: str) -> None:
    """Issue #17: each term 'has an entry with an example'."""
    v = find_variant(name)
    for term, (meaning, example) in v.glossary.items():
        assert meaning.endswith(".") and example.endswith("."), term
        page = find_page(v, term)
        assert page is not None and example in page.body, term


# ---- (b) the pages' checkable claims agree with the engine ----------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_must_beat_only_where_the_engine_enforces_it(name: str) -> None:
    """CZ-13: overtaking is compulsory only in Czech Varšava.  A page may say a player must
    beat the trick only in a variant whose engine was seen to enforce it."""
    v = find_variant(name)
    claims = [p.topic for p in pages(v).values() if MUST_BEAT.search(p.body)]
    if claims:
        assert walk(name).overtakes > 0, f"{v.title} claims overtaking on {claims}"


def test_the_engine_enforces_overtaking_in_varsava_only() -> None:
    """CZ-13 "within those rules overtake all cards so far if possible": the walk sees it in
    Czech, never in the king-calling games (so the check above can tell them apart)."""
    assert walk("czech").overtakes > 0
    for name in ("nebraska", "heun", "petrtyl"):
        assert walk(name).overtakes == 0


@pytest.mark.parametrize("name", NAMES)
def test_who_leads_to_the_first_trick(name: str) -> None:
    """C-1/CZ-13 forehand leads in Czech; NE-6 the bidder leads; HE-2 forehand in a Heun
    Four; PT-2 forehand always.  The play page says what the engine does."""
    v = find_variant(name)
    assert lead_rule(v) in pages(v)["play"].body
    checked: set[str] = set()
    for g in walk(name).finished:
        if not g.tricks or g.bidder is None or g.contract is None or g.bidder == g.forehand:
            continue
        who = v.first_lead.get(g.contract.name, v.first_lead["*"])
        assert g.tricks[0].leader == (g.forehand if who == "forehand" else g.bidder), (
            g.contract.name, who)
        checked.add(g.contract.name)
    assert checked, "no played hand with a bidder other than forehand"


@pytest.mark.parametrize("name", NAMES)
def test_doubling_is_offered_exactly_where_the_page_says(name: str) -> None:
    """CZ-6 flek / reflek / super; NE-8 kontra / rekontra; HE-7 "no kontra in Heun": the
    announcements page says "Nothing is doubled." only where no Double button ever shows."""
    v = find_variant(name)
    nothing = "Nothing is doubled." in pages(v)["announcements"].body
    offered = any(t.startswith("Double ") for t in walk(name).texts)
    assert nothing != offered


TAROKY_AND_KINGS = "II III IV V VI VII VIII IX KH KD KS KC"


def test_czech_discarded_taroky_are_shown_face_up() -> None:
    """CZ-3 "Any taroky discarded must be placed face up": the Czech discard page says so,
    and a povinnost declarer left with only taroky and kings shows his discarded taroky."""
    assert "shown face up" in pages(find_variant("czech"))["discard"].body
    g = game({0: TAROKY_AND_KINGS}, talon="X XI XII XIII XIV XV")
    g.act(0, A("bid", "povinnost"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("call", "XIX"))
    while g.phase is Phase.DISCARD and g.to_act == 0:
        g.act(0, g.legal_actions(0)[0])
    assert g.discards[0] & TAROK_MASK == g.discards[0] != 0
    assert {c for s, c in g.public_discards if s == 0} == set(_bits(g.discards[0]))


def test_nebraska_discarded_taroky_stay_face_down() -> None:
    """NE-4 "the bidder must tell the other players how many taroky have been discarded":
    the Nebraska discard page says only the number is told, and no card is shown."""
    assert "only the number of taroky discarded" in pages(find_variant("nebraska"))[
        "discard"].body
    g = kc({0: TAROKY_AND_KINGS}, talon="X XI XII XIII XIV XV")
    bid_to_call(g, "four")
    g.act(0, A("call", "KH"))
    g.act(0, A("take", 1))
    while g.phase is Phase.DISCARD:
        g.act(0, g.legal_actions(0)[0])
    assert g.discards[0] & TAROK_MASK == g.discards[0] != 0
    assert g.public_discards == []


def _amounts(text: str, currency: str) -> list[int]:
    if currency == "czk_hal":
        return [int(k) * 100 + int(h) for k, h in re.findall(r"Kč (\d+)\.(\d\d)", text)]
    return [int(n) for n in re.findall(r"\b\d+\b", text)]


@pytest.mark.parametrize("name", NAMES)
def test_the_game_pays_what_the_scoring_page_says(name: str) -> None:
    """The amounts on the scoring page against the first payment line of played hands (no
    doubling, no sweep): CZ-5 and the Czech table ("a point over 35", by trojka level);
    NE-4, NE-5 (4 / 5 / 6, 8, 16 chips); PT-2, PT-3 (Grand Nullo 36, Grand Sweep 60)."""
    v = find_variant(name)
    checked: set[str] = set()
    for g in walk(name, default_options=True).finished:
        res = g.result
        c = g.contract
        if (res is None or c is None or c.name not in v.game_payments or g.thrown_in
                or g.surrendered or not res.lines or not g.tricks or "sweep" in g.ann.announced
                or "valat_ro" in g.ann.announced):
            continue  # (PT-3: an announced Sweep is paid instead of the game; RO-19 valat)
        if any(sum(g.tricks_won[s] for s in side) == len(g.tricks)
               for side in (g.declarer_side, frozenset(g.active) - g.declarer_side)):
            continue  # valát / Sweep: see the tests below
        text = v.game_payments[c.name]
        if "basic score" in text:  # PL-9: the basic score × the contract factor
            if "walat" in g.ann.announced:
                continue  # (PL-11: an announced walat replaces the game)
            pts = res.card_points["Bidder's side"]
            losers = 70 - pts if pts > 35 else pts
            factors = [int(n) for n in re.findall(r"× (\d+)", text)] or [1]
            want = (factors[g.level - 1] if g.level else factors[0]) * (1 + (37 - losers) // 5)
            line = res.lines[0]
            got = min(abs(n) for s, n in line.net.items() if s != POOL and n)
            assert got == want << g.ann.game_level, (c.name, g.level, line.label, text)
            checked.add(c.name)
            continue
        amounts = _amounts(text, v.currency)
        want = amounts[g.level - 1] if g.level and len(amounts) >= g.level else amounts[0]
        if "× the level" in text and (not res.declarers_won or g.ann.game_level):
            want = amounts[0] * max(g.level, 1)  # RO-17: a lost game (or contra) × the level
        want <<= g.ann.game_level  # flek / kontra double it, as the pages say
        if "over 35" in text:
            pts = res.card_points["Bidder's side"]
            if pts == 35:
                continue
            want *= abs(pts - 35)
        line = next(ln for ln in res.lines if POOL not in ln.net)  # (after RO-4's antes)
        got = min(abs(n) for s, n in line.net.items() if s != POOL and n)
        assert got == want, (c.name, g.level, line.label, text)
        checked.add(c.name)
    # (The Polish pagat bid comes up twice in this walk, both times under an announced
    # walat that replaces the game: tests/engine/test_polish.py pays its game by hand.)
    assert checked >= set(v.game_payments) - {"three", "pagat_bid"}, checked


def _sweep(g: Game) -> Game:
    """Play out with the bidder always playing its highest legal card, the others their
    first legal card."""
    while not g.is_over:
        s = g.to_act
        assert s is not None
        legal = g.legal_actions(s)
        if g.phase is Phase.PLAY and s == g.bidder:
            g.act(s, max(legal, key=lambda a: (a.card < NUM_TAROKY, a.card)))
        elif g.phase is Phase.ANNOUNCE:
            g.act(s, A("done"))
        else:
            g.act(s, legal[0])
    return g


TOP_TWELVE = "Sk XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI"


def test_czech_valat_is_added_to_the_game() -> None:
    """Czech scoring: "A team which wins every trick is paid a bonus of Kč 7.00. This is in
    addition to what they win for the game" — as the scoring page says."""
    v = find_variant("czech")
    assert "on top of the game" in v.valat_rule
    g = game({0: TOP_TWELVE})
    g.act(0, A("bid", "solo"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    _sweep(g)
    assert g.tricks_won[0] == 12 and g.result is not None
    labels = [ln.label for ln in g.result.lines]
    assert labels[0].startswith("Game:")
    valat = next(ln for ln in g.result.lines if "Valát" in ln.label)
    assert valat.net[1] == -_amounts(v.valat_rule, v.currency)[0]


def test_nebraska_valat_doubles_the_game() -> None:
    """NE-7 "the payments for the game and any last trick bonuses are doubled" — the
    scoring page says valát doubles the game, and the engine pays 2 × 8 for a Five."""
    v = find_variant("nebraska")
    assert "doubles the payment for the game" in v.valat_rule
    g = kc({0: TOP_TWELVE})
    bid_to_call(g, "five")
    g.act(0, A("call", "KH"))
    _sweep(to_play(g))
    assert g.result is not None and g.result.lines
    assert min(abs(n) for n in g.result.lines[0].net.values()) == 2 * _amounts(
        v.game_payments["five"], v.currency)[0]


def test_a_must_beat_sentence_shows_on_the_play_page() -> None:
    """The pages list a variant's restrictions per phase under "What you may and may not
    do", in the variant's own words: a Varšava overtaking rule written as a restriction
    appears on the play page and nowhere else."""

    restrictions = (
        CardRule("follow_suit", Phase.PLAY, "Follow the suit led; without it, play a tarok."),
        CardRule("varsava_overtake", Phase.PLAY,
                 "In Varšava you must beat every card so far when you can."),
        CardRule("discard_five_point", Phase.DISCARD,
                 "Kings, the škýz, the mond and the pagát are never discarded."),
        ActionRule("forehand_must_bid", Phase.AUCTION, "Forehand may not pass."),
        Restriction("varsava_pagat_last", Phase.PLAY,
                    "In Varšava the pagát goes only as your last tarok."),
    )
    book = build_pages(find_variant("czech"), restrictions)
    assert "**What you may and may not do**" in book["play"].body
    assert "• In Varšava you must beat every card so far when you can." in book["play"].body
    assert [t for t, p in book.items() if MUST_BEAT.search(p.body)] == ["play"]
    assert "never discarded" in book["discard"].body
    assert "Forehand may not pass." in book["auction"].body
    assert "What you may" not in book["call"].body


# ---- (c) no clarification id, and every page fits a message -----------------------------


@pytest.mark.parametrize("name", NAMES)
def test_no_page_names_a_clarification_id(name: str) -> None:
    """House rule: clarification ids are for code, tests and docs, never for players."""
    v = find_variant(name)
    for topic, page in pages(v).items():
        assert not CLARIFICATION_ID.search(page.text), (topic, page.text)
    for r in v.restrictions:
        assert not CLARIFICATION_ID.search(r.rule), r.key


@pytest.mark.parametrize("name", NAMES)
def test_every_page_fits_one_message(name: str) -> None:
    """A page is one Discord message (2000 characters), never cut short."""
    for topic, page in pages(find_variant(name)).items():
        assert len(page.text) <= MAX_PAGE, (topic, len(page.text))


@pytest.mark.parametrize("name", NAMES)
def test_no_prompt_or_button_names_a_clarification_id(name: str) -> None:
    """House rule: clarification ids never appear in text a player can read."""
    leaks = sorted(t for t in walk(name).texts if CLARIFICATION_ID.search(t))
    assert not leaks, leaks


@pytest.mark.parametrize("name", NAMES)
def test_every_payment_is_of_a_contract_of_the_variant(name: str) -> None:
    """The scoring page names only the variant's own contracts (Petrtyl has no Five Over)."""
    v = find_variant(name)
    assert set(v.game_payments) <= set(v.contracts)
    assert set(v.first_lead) - {"*"} <= set(v.contracts)


# ---- (d) the pages differ where the rules differ -------------------------------------------


def test_pages_differ_where_the_rules_do() -> None:
    """Czech: forehand leads, red ace high, per point over 35, valát added, flek; Nebraska:
    the bidder leads (NE-6), red four high, chips, valát doubles, kontra; Heun: forehand
    leads a Four (HE-2), nothing doubled (HE-7), counted with cards (HE-1); Petrtyl:
    forehand always leads (PT-2), Sweep, the pot (PT-4)."""
    cz, ne, he, pt = (pages(find_variant(n)) for n in ("czech", "nebraska", "heun", "petrtyl"))
    assert "Forehand leads to the first trick." in cz["play"].body
    assert "The bidder leads to the first trick." in ne["play"].body
    assert "in Four, forehand leads" in he["play"].body
    assert "Forehand leads to the first trick." in pt["play"].body
    assert "K Q C J A 2 3 4" in cz["play"].body and "K Q C J 4 3 2 1" in ne["play"].body
    assert "a point over 35" in cz["scoring"].body and "chips" in ne["scoring"].body
    assert "on top of the game" in cz["scoring"].body
    assert "doubles the payment for the game" in ne["scoring"].body
    assert "Flek (×2)" in cz["announcements"].body
    assert "Kontra (×2)" in ne["announcements"].body
    assert "Nothing is doubled." in he["announcements"].body
    assert "cards left over" in he["scoring"].body and "cards left over" not in ne["scoring"].body
    assert "Sweep" in pt["scoring"].body and "pool" in pt and "pool" not in ne
    assert "five over" in ne and "five over" not in pt
    assert cz["overview"].body != ne["overview"].body


def test_a_topic_is_found_however_it_is_typed() -> None:
    """Players type without accents, in capitals, with other words for a topic."""
    v = find_variant("czech")
    assert page_text(v, "SKYZ").startswith("**Škýz")
    assert page_text(v, "bidding").startswith("**Bidding")
    assert page_text(v, "druha povinnost").startswith("**Druhá povinnost")
    assert page_text(v, "").startswith("**Czech Taroky")


def test_an_unknown_topic_lists_the_topics() -> None:
    """An unknown topic gets a plain sentence listing the variant's topics."""
    text = page_text(find_variant("nebraska"), "mariáš")
    assert text.startswith("There is no page about 'mariáš' in Nebraska Taroky (La Vista).")
    assert "king last" in text and "povinnost" not in text


def test_cards_named_in_the_term_check_exist() -> None:
    """(The term check strips card codes such as XIX and KC; they are real cards.)"""
    assert {"XIX", "KC", "Sk"} <= CARD_CODES
    assert parse_cards("XIX KC")
