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

from PIL import Image

from bot.engine.cards import CARDS

from . import samples
from ._draw import FELT, to_png
from .faces import CARD_H, CARD_W, card_face, render_card
from .images import render_hand, render_summary, render_table, render_trick
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
    "summary_povinnost": (render_summary, text_summary, samples.summary_povinnost),
    "summary_varsava": (render_summary, text_summary, samples.summary_varsava),
}


def card_sheet(columns: int = 9) -> Image.Image:
    """All 54 faces on one sheet, in id order (taroky I..škýz, then the suits)."""
    gap = 8
    rows = -(-len(CARDS) // columns)
    sheet = Image.new("RGB", (columns * (CARD_W + gap) + gap, rows * (CARD_H + gap) + gap), FELT)
    for i, card in enumerate(CARDS):
        face = card_face(card)
        sheet.paste(face, (gap + (i % columns) * (CARD_W + gap), gap + (i // columns) * (CARD_H + gap)), face)
    return sheet


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
