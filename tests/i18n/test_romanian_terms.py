"""The Romanian and Taper terms in the reader's language (issue #31, item 3).

A newcomer walk in Czech and Polish sessions of the Romanian and Taper tables read "Hlásit
Toţi regii", "Unul de doi", "8 nebo 9 taroace", "(nebo merge)": the words of a third
language.  Each term is said in the reader's words (the bids by their talon group: "První
dvojice" / "Pierwsza para" for unul de doi; "Všichni králové" / "Wszystkie króle",
"taroky" / "taroki", "nic" for merge, "U mě" / "U mnie" for la mine, "placení za štychy" /
"płacenie za lewy" for michi-michi); the term's own rules page keeps the Romanian original
in brackets, once, so a player who hears it at a Romanian table finds it.
"""

from __future__ import annotations

import re

import pytest

from bot.engine import find_variant
from bot.engine.rulebook import find_page, pages
from bot.i18n import Text
from tools.english_left import collect

_BOTH = (r"\b[Uu]nul\b|\b[Aa]l (doilea|treilea)\b|\bde (doi|trei|unu)\b|[Tt]oţi|\bregii\b|taroace|"
         r"\bmerge\b|\b[Tt]rula\b|\bprins|[Hh]irş|\b[Ll]a mine\b|\b[Rr]ege\b|[Mm]ichi|\b[Vv]alat\b|"
         r"\b[Ll]una\b|\b[Ss]kiz\b|\b[Cc]ontra\b|\b[Rr]econtra\b")
#: The Romanian terms with a word of their own in Czech and Polish ("pagat", "supra", "mord"
#: and Polish "solo" are the readers' words too).
ROMANIAN = {
    "cs": re.compile(_BOTH + r"|\b[Ss]olo\b|\b[Pp]agat\b"),
    "pl": re.compile(_BOTH + r"|\bultimo\b"),
}
#: A rules page's bracketed original: "(rumunsky toţi regii)", "(po rumuńsku merge)".
ORIGINAL = {"cs": r"\(rumunsky ([^()]*)\)", "pl": r"\(po rumuńsku ([^()]*)\)"}


@pytest.fixture(scope="module")
def seen() -> dict[str, dict[str, str]]:
    return collect(6, ["cs", "pl"], variants=["romanian", "taper"])


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_romanian_terms_are_said_in_the_readers_language(seen: dict[str, dict[str, str]], lang: str) -> None:
    """Buttons, prompts, Why?, the computer players' reasons (Hint), the game log, the
    summary and its payment lines of six Romanian and six Taper hands carry no Romanian
    term (RO-6 bids, RO-12 merge, RO-18 bonuses, TP-5)."""
    texts = seen[lang]
    assert len(texts) > 300  # (the hands were played and said)
    romanian = [(where, text) for text, where in texts.items() if ROMANIAN[lang].search(text)]
    assert not romanian, "\n".join(f"[{w}] {t!r}" for w, t in romanian[:10])


@pytest.mark.parametrize("variant", ["romanian", "taper"])
@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_the_rules_pages_say_the_terms_in_the_readers_words(variant: str, lang: str) -> None:
    """Every rules page of the variant, its bracketed originals and the table options'
    values (`michi_michi`, typed as they are) taken out, carries no Romanian term; each
    original is given once in the whole book."""
    book = pages(find_variant(variant), Text(lang))
    text = "\n".join(p.text for p in book.values())
    originals = re.findall(ORIGINAL[lang], text)
    assert len(originals) == len(set(originals)) > 10, originals
    bare = re.sub(r"`[^`]*`|\b\w+_\w+\b", "", re.sub(ORIGINAL[lang], "", text))
    found = sorted({m.group(0) for m in ROMANIAN[lang].finditer(bare)})
    assert not found, found


@pytest.mark.parametrize(("lang", "term", "said"), [
    ("cs", "toţi regii", "Všichni králové"), ("pl", "toţi regii", "Wszystkie króle"),
    ("cs", "unul de doi", "První dvojice"), ("pl", "unul de doi", "Pierwsza para"),
    ("cs", "taroace", "Taroky"), ("pl", "taroace", "Taroki"),
    ("cs", "merge", "Nic"), ("pl", "merge", "Nic"),
    ("cs", "michi-michi", "Placení za štychy"), ("pl", "michi-michi", "Płacenie za lewy"),
])
def test_a_terms_rules_page_keeps_the_romanian_original(lang: str, term: str, said: str) -> None:
    """The page of a translated term is titled in the reader's words and gives the
    Romanian original in brackets, as it is said at the table (RO-6, RO-12, RO-18, RO-8)."""
    v = find_variant("romanian")
    t = Text(lang)
    page = find_page(v, term, t)
    assert page is not None
    assert page.title.startswith(said), page.title
    assert re.findall(ORIGINAL[lang], page.text) == [term], page.text
    assert find_page(v, said, t) is page  # (the reader's own word finds it too)
