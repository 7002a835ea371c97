"""Players' names shortened sensibly for a narrow place in a picture (pure, no fonts).

A name that does not fit is not cut mid-word ("Kasia Wiśnie…") while a shorter form of it
would fit: the first name with the other names' initials ("Kasia W."), the first name
alone ("Kasia"), then initials ("K. W.").  A trailing marker in brackets, such as the
computer players' "(computer)" / "(počítač)", is kept with the first name while it fits,
shortened to its first letters ("(com.)"), and dropped before the first name is.  Any script:
initials are a word's first letter, whatever its alphabet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

_MARKER = re.compile(r"^(?P<person>.*?)\s*(?P<marker>\([^()]*\))\s*$")


def split_marker(name: str) -> tuple[str, str]:
    """``name`` as (the person's name, a trailing marker in brackets or "")."""
    m = _MARKER.match(name)
    if m is None or not m.group("person"):
        return name.strip(), ""
    return m.group("person"), m.group("marker")


def _initial(word: str) -> str:
    """A word's initial: its first letter or digit followed by a dot ("" for none); a
    hyphenated word keeps its parts' initials ("Ioana-Maria" → "I.-M.")."""
    parts = []
    for part in word.split("-"):
        letter = next((c for c in part if c.isalnum()), "")
        if letter:
            parts.append(letter + ".")
    return "-".join(parts)


def _short_marker(marker: str) -> str:
    """"(computer)" → "(com.)": the marker's first word, three letters long."""
    inner = marker[1:-1].strip()
    word = inner.split()[0] if inner.split() else ""
    if len(word) <= 4:
        return marker
    return f"({word[:3]}.)"


def person_forms(person: str) -> list[str]:
    """A person's name from the fullest form to the shortest, without repeats:
    the whole name, the first name with the others' initials, the first name, the
    first part of a hyphenated first name with the rest's initials, the initials, the
    first and last names' initials."""
    words = person.split()
    if not words:
        return [person]
    first, rest = words[0], words[1:]
    rest_initials = [i for i in (_initial(w) for w in rest) if i]
    forms = [" ".join(words)]
    if rest_initials:
        forms.append(" ".join([first, *rest_initials]))
    forms.append(first)
    if "-" in first.strip("-"):
        head, *tail = first.split("-")
        tails = [i for i in (_initial(t) for t in tail) if i]
        if head and tails:
            forms.append("-".join([head, *tails]))
    initials = [i for i in (_initial(w) for w in words) if i]
    if initials:
        forms.append(" ".join(initials))
    if len(words) > 1:  # the first and the last name's initials alone ("M. K.")
        ends = [i for i in (_initial(w.split("-")[0]) for w in (words[0], words[-1])) if i]
        forms.append(" ".join(ends))
    out: list[str] = []
    for f in forms:
        if f and f not in out:
            out.append(f)
    return out


def name_forms(name: str) -> Iterator[str]:
    """Every sensible form of ``name``, the fullest first (see the module's docstring):
    down to the first name with the marker, then with the marker shortened, then the
    first name alone (who it is matters more than that a computer plays it), then the
    initials with the short marker, the initials alone."""
    person, marker = split_marker(name)
    forms = person_forms(person)
    if not marker:
        yield from forms
        return
    short = _short_marker(marker)
    words = person.split()
    cut = forms.index(words[0]) + 1 if words and words[0] in forms else len(forms)
    upto_first, rest = forms[:cut], forms[cut:]
    for f in upto_first:
        yield f"{f} {marker}"
    if short != marker:
        for f in upto_first:
            yield f"{f} {short}"
    yield upto_first[-1]
    for f in rest:
        yield f"{f} {short}"
    yield from rest


def shorten_name(name: str, fits: Callable[[str], bool]) -> str:
    """The fullest form of ``name`` for which ``fits`` is true; when none fits, the
    shortest form (the caller may still have to cut it: a single long word)."""
    last = name
    for form in name_forms(name):
        if fits(form):
            return form
        last = form
    return last
