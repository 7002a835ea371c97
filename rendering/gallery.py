"""Write a gallery of every card face and every image kind to a folder.

    python -m rendering.gallery OUTDIR

Writes ``cards/NN_<short>.png`` for all 54 cards, ``cards.png`` (all of them on one
sheet), and one PNG plus a ``.txt`` twin for each sample scene in
:mod:`rendering.samples` (both directions, four and five seats).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from bot.engine.cards import CARDS

from . import samples
from .faces import card_sheet, render_card
from .palette import to_png
from .render import render_hand, render_summary, render_table, render_trick
from .text import text_hand, text_summary, text_table, text_trick

#: name -> (render to PNG, render to text, scene factory)
SCENES: dict[str, tuple[Callable[..., bytes], Callable[..., str], Callable[[], object]]] = {
    "hand_waiting": (render_hand, text_hand, samples.hand_waiting),
    "hand_to_play": (render_hand, text_hand, samples.hand_to_play),
    "hand_sixteen": (render_hand, text_hand, samples.hand_sixteen),
    "trick_anticlockwise_complete": (render_trick, text_trick, samples.trick_czech_complete),
    "trick_clockwise_partial": (render_trick, text_trick, samples.trick_nebraska_partial),
    "trick_clockwise_complete": (render_trick, text_trick, samples.trick_nebraska_complete),
    "trick_five_seats": (render_trick, text_trick, samples.trick_five_players),
    "trick_varsava_talon": (render_trick, text_trick, samples.trick_varsava),
    "table_anticlockwise": (render_table, text_table, samples.table_czech),
    "table_clockwise": (render_table, text_table, samples.table_nebraska),
    "table_five_seats": (render_table, text_table, samples.table_five),
    "table_three_seats": (render_table, text_table, samples.table_taper),
    "summary_povinnost": (render_summary, text_summary, samples.summary_povinnost),
    "summary_varsava": (render_summary, text_summary, samples.summary_varsava),
}


def write_gallery(out: Path) -> list[Path]:
    """Write the gallery into ``out`` (created if needed); return the files written."""
    written: list[Path] = []
    cards_dir = out / "cards"
    cards_dir.mkdir(parents=True, exist_ok=True)
    for card in CARDS:
        path = cards_dir / f"{int(card):02d}_{card.short}.png"
        render_card(card).save(path)
        written.append(path)
    sheet = out / "cards.png"
    sheet.write_bytes(to_png(card_sheet()))
    written.append(sheet)
    for name, (render, text, make) in SCENES.items():
        scene = make()
        png = out / f"{name}.png"
        png.write_bytes(render(scene))
        txt = out / f"{name}.txt"
        txt.write_text(text(scene) + "\n", encoding="utf-8")
        written += [png, txt]
    return written


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", type=Path, help="folder to write the pictures into")
    args = parser.parse_args(argv)
    files = write_gallery(args.outdir)
    print(f"Wrote {len(files)} files to {args.outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
