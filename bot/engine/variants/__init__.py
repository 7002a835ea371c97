"""The registry of rule systems: ``find_variant(name)`` accepts names and aliases."""

from __future__ import annotations

from ..errors import AmbiguousInput, BadInput
from .base import OptionSpec, Variant
from .czech import Czech
from .heun import Heun
from .kingcall import KingCall
from .kozy import Kozy
from .nebraska import Nebraska
from .petrtyl import Petrtyl
from .polish import Polish
from .romanian import Romanian
from .taper import Taper

VARIANTS: dict[str, Variant] = {}


def register(v: Variant) -> Variant:
    VARIANTS[v.name] = v
    return v


register(Czech())
register(Nebraska())
register(Heun())
register(Petrtyl())
register(Polish())
register(Kozy())
register(Romanian())
register(Taper())


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (or with that alias or unique prefix)."""
    key = name.strip().lower()
    if key in VARIANTS:
        return VARIANTS[key]
    for v in VARIANTS.values():
        if key in v.aliases:
            return v
    matches = [v for v in VARIANTS.values() if v.name.startswith(key)] if key else []
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        names = ", ".join(v.name for v in matches)
        raise AmbiguousInput(f"'{name}' could mean {names}; say which.")
    known = ", ".join(sorted(VARIANTS))
    shown = name if len(name) <= 40 else name[:39] + "…"  # a reply has a length limit
    raise BadInput(f"There is no variant '{shown}'. Known variants: {known}.")


__all__ = [
    "VARIANTS", "Czech", "Heun", "KingCall", "Kozy", "Nebraska", "OptionSpec", "Petrtyl", "Polish",
    "Romanian", "Taper", "Variant",
    "find_variant", "register",
]
