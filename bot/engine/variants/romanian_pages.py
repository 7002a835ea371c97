"""Romanian Tarok's rules pages (``Variant.how_it_goes``, the scoring rules, the glossary):
the words ``bot.engine.rulebook`` shows and the catalogs translate.  Kept apart from
``romanian.py``, which holds the rules' procedure; ``Romanian`` names these."""

from __future__ import annotations

from typing import Final

FIRST_LEAD: Final[dict[str, str]] = {"*": "forehand"}
HOW_IT_GOES: Final[dict[str, tuple[str, ...]]] = {
    "deal": (
        "Play goes anticlockwise. The dealer puts the top six cards aside as the talon, in "
        "order, and deals 12 cards to each player in batches of six.",
        "Before each deal the dealer puts 1 game point into the pool; when the pool is "
        "empty every player first puts in 1 (so the first pool holds 5).",
        "Before the bidding, a player with no tarok and no king may annul the deal.",
    ),
    "auction": (
        "Forehand speaks first. A player who passes is out; an earlier player who was "
        "overcalled may say \"la mine\" and take the contract over. The bidding goes round "
        "until all but one have passed; if everybody passes, michi-michi is played.",
    ),
    "call": (
        "The declarer calls a king; its holder is the secret partner. Calling your own king, "
        "or a king that lies in the talon, means playing alone against three.",
    ),
    "talon": (
        "In doi the declarer takes two talon cards, in unu one; the talon is looked at group "
        "by group. Unul de ... starts with the top group, al doilea with the second, al "
        "treilea with the third, and goes on round the talon.",
        "Taking the first group looked at plays at the contract's first level; each group "
        "shown and passed raises the level by one. Having shown every group, the declarer "
        "may go back to any group but the last one shown, at the next levels.",
        "Shown groups lie face up; the talon cards not taken count for the opponents.",
        "Seeing the called king in a group, the declarer may give up and pay the lost game "
        "at that group's level to each opponent (1 more without the skiz, luna or pagat).",
        "In solo the talon stays unseen.",
    ),
    "discard": (
        "The declarer discards as many cards as were taken.",
    ),
    "announcements": (
        "Starting with the declarer, each player's first turn may hold one declaration of "
        "taroace (8, 9 or 10 and more) or merge, any announcements and contras; after it, "
        "only doubles. The round ends when three turns in a row are passes.",
        "Trula, toţi regii, luna prinsă and valat may be announced by anybody for their own "
        "side, pagat ultimo by the declarer holding the pagat, rege ultimo by the holder of "
        "the called king. Announcing or doubling shows which side you are on.",
    ),
    "play": (
        "Forehand leads to the first trick. Follow suit; without the suit play a tarok; "
        "else anything. The highest tarok wins, else the highest card of the suit led.",
        "Michi-michi: the talon is set aside, the usual rules of play apply and every trick "
        "costs its winner 1 game point into the pool (2 in a radler).",
    ),
}
COUNTING_RULES: Final[tuple[str, ...]] = (
    "Cards are counted in threes: kings, the skiz, luna and pagat 5, queens 4, horses 3, "
    "jacks 2, other cards 1, less 2 for each three (1 for a last one or two): 70 in the "
    "pack.",
    "The declarer's side counts its tricks and discards, the opponents their tricks and the "
    "talon cards not taken. The declarer's side wins with 36 points or more; 35 : 35 loses.",
)
GAME_PAYMENTS: Final[dict[str, str]] = {
    "doi_1": "and every doi: 2 game points if won; 2 × the level if lost.",
    "unu_1": "and every unu: 3 game points if won; 3 × the level if lost.",
    "solo_ro": "8 game points, won or lost.",
}
SCORING_RULES: Final[tuple[str, ...]] = (
    "Contra on the game makes the level count both ways: 2 × the game × the level, won or "
    "lost; recontra 4 ×, supra 8 ×, hirş 16 ×, mord 32 ×. Each announced bonus is doubled "
    "the same way, separately.",
    "Declarations: 8 taroace 1, 9 taroace 2, 10 or more 3 game points; each side scores "
    "only its highest declaration.",
    "Bonuses in doi and unu, announced / silent: trula 2 / 1, toţi regii 2 / 1, luna prinsă "
    "2 / 1, pagat ultimo 7 and the pool / 1, rege ultimo 2 / 1, valat 16 / 8; regele "
    "prins costs the declarer's side 1 (2 if the king was left in the talon). In solo they "
    "are doubled (pagat ultimo 9). These values are reconstructed; the table's options "
    "change them.",
    "An announced bonus is won or paid by its side; a silent bonus is paid to the side "
    "that makes it.",
    "An announced pagat ultimo also takes the pool; if it fails, its side pays the pool's "
    "amount in (times the doubling).",
    "Partners share every payment: each player of the losing side pays one player of the "
    "winning side; a declarer alone pays or receives each opponent.",
    "After a michi-michi the next four deals are a radler: every payment between players "
    "is doubled.",
    "With the old trei bids (a table option) a trei pays 1 game point if won, the level if "
    "lost.",
)
VALAT_RULE: Final = ("Valat (one side takes every trick, or valat was announced) replaces the "
              "game: 16 game points announced, 8 silent (doubled in solo).")
POOL_RULE: Final = ("The pool is fed by antes before each deal and by michi-michi; an announced "
             "pagat ultimo takes it, or doubles it when it fails. It stays at the table "
             "from one session to the next. The first deal's pool holds 5.")
GLOSSARY: Final[dict[str, tuple[str, str]]] = {
    "tarok": ("A trump (plural taroace): I to XXI and the skiz. A tarok beats every suit "
              "card.", "Hearts are led and you have none: you must play a tarok."),
    "taroace": ("The trumps: one tarok, two or more taroace.",
                "You hold nine taroace: you may declare 9 taroace."),
    "skiz": ("The highest tarok, worth 5 points.", "Your skiz takes the luna: luna prinsă."),
    "luna": ("Tarok XXI, the second highest, worth 5.", "The skiz falls on your luna: your "
             "side pays luna prinsă."),
    "pagat": ("Tarok I, the lowest, worth 5.", "Your pagat wins the last trick: pagat "
              "ultimo."),
    "talon group": ("The talon cards the declarer looks at together: two, one or three by "
                    "the line bid, turned up one group after another.",
                    "You bid unul de doi: you see the first group of two; you may take it or see "
                    "the next and take back an earlier one."),
    "forehand": ("The player after the dealer: first to bid, and leads to the first trick.",
                 "Seat 1 dealt, so seat 2 is forehand."),
    "dealer": ("Deals the cards and puts 1 game point into the pool first.",
               "Seat 3 deals the next hand after seat 2."),
    "declarer": ("The player who won the auction; calls a king and uses the talon.",
                 "You bid unul de doi and the others pass: you are the declarer."),
    "bid": ("Naming a contract in the auction.", "Forehand bids unul de doi."),
    "pass": ("Dropping out of the auction for good, or saying nothing in the "
             "announcements.", "You pass: you take no further part in the bidding."),
    "hold": ("\"La mine\": an earlier player takes the same contract over.",
             "You bid unul de doi, seat 3 bids al doilea de doi: you may hold it."),
    "la mine": ("\"To me\": holding a bid.", "You say la mine to al doilea de doi."),
    "doi": ("The declarer takes two talon cards (unul, al doilea, al treilea de doi).",
            "You play unul de doi and take the top two cards: level 1."),
    "unul de doi": ("Two talon cards, the top pair first: levels 1 to 5.",
                    "You show the top pair and take the second: level 2."),
    "al doilea de doi": ("Two cards, the second pair first: levels 2 to 6.",
                         "You take the second pair at once: level 2."),
    "al treilea de doi": ("Two cards, the bottom pair first: levels 3 to 7.",
                          "You go back to the top pair: level 7."),
    "unul de unu": ("One card, the top card first: levels 1 to 11.",
                    "You take the top card: level 1."),
    "al doilea de unu": ("One card, the second first: levels 2 to 12.",
                         "You take the second card at once: level 2."),
    "al treilea de unu": ("One card, the third first: levels 3 to 13.",
                          "You go round the talon and back to the top card: level 13."),
    "unul de trei": ("Three cards, the top three first: levels 1 to 3.",
                     "You show the top three and take the bottom three: level 2."),
    "al doilea de trei": ("Three cards, the bottom three first: levels 2 to 4.",
                          "You take the bottom three at once: level 2."),
    "al treilea de trei": ("Three cards, the top three first: levels 3 to 5.",
                           "You go back to the top three: level 5."),
    "unu": ("The declarer takes one talon card.", "You play unul de unu and take the top "
            "card: level 1."),
    "trei": ("The declarer takes three talon cards.", "You play unul de trei and take the "
             "top three cards."),
    "solo": ("The talon stays unseen and counts for the opponents; 8 game points.",
             "You bid solo and call a king."),
    "level": ("How far into the talon the declarer went; a lost game costs the base times "
              "the level.", "You show the top pair and take the second: level 2, a lost "
              "doi costs 4."),
    "call": ("Naming a king whose holder becomes your secret partner.",
             "You call the king of hearts."),
    "partner": ("The holder of the called king.", "You hold the called king: you play "
                "with the declarer."),
    "talon": ("The six cards put aside before the deal.", "In solo the talon stays unseen."),
    "take back": ("Having shown every group, taking an earlier one after all.",
                  "In unul de doi you go back to the top pair: level 4."),
    "surrender": ("Giving up on seeing the called king in the talon: pay the lost game at "
                  "that level to each opponent.", "Al doilea de doi, the king in the bottom "
                  "pair: 6 to each opponent, 7 without the skiz, luna or pagat."),
    "discard": ("Putting away as many cards as you took from the talon.",
                "You took two talon cards, so you discard two."),
    "declare": ("Telling how many taroace you hold: 8, 9 or 10 and more.",
                "You hold 9 taroace and declare them: 2 game points."),
    "merge": ("\"Go on\": nothing to declare.", "You hold five taroace: you say merge."),
    "announce": ("Promising a bonus before the first lead; it is paid more, won or lost.",
                 "You hold the pagat and many taroace: you announce pagat ultimo."),
    "trula": ("The skiz, luna and pagat all in one side's cards.", "Your side wins all "
              "three: trula."),
    "toţi regii": ("All four kings in one side's cards.", "Your side takes every king."),
    "regele prins": ("The called king ends with the opponents: the declarer's side pays.",
                     "The opponents' skiz takes the called king: regele prins."),
    "luna prinsă": ("The luna falls in the same trick as the other side's skiz: its side "
                    "pays.", "You play the skiz on the opponents' luna."),
    "pagat ultimo": ("The pagat wins the last trick. Announced (by the declarer) it also "
                     "takes the pool.", "Your pagat is the only tarok in the last trick."),
    "rege ultimo": ("The declarer's side wins the last trick with the called king in it.",
                    "Your called king falls in the last trick, which your side wins."),
    "valat": ("One side wins every trick: it replaces the game.", "Your side takes all 12 "
              "tricks: 8 game points, 16 if announced."),
    "double": ("Contra, recontra, supra, hirş, mord: each doubles the game or a bonus "
               "again.", "You say contra on the game: it is paid double, at its level."),
    "contra": ("The other side doubles the game or a bonus.", "Contra on a fourth level "
               "doi: 16 won or lost."),
    "recontra": ("The answer to a contra: four times.", "Recontra on a fourth level doi: "
                 "32."),
    "supra": ("The third double: eight times.", "Supra on pagat ultimo: 56."),
    "hirş": ("The fourth double: sixteen times.", "Hirş on trula: 32."),
    "mord": ("The fifth and last double: thirty-two times.", "Mord on the game."),
    "pool": ("The table's pool of game points: antes, michi-michi, pagat ultimo.",
             "The first deal's pool holds 5."),
    "ante": ("What is put into the pool before a deal.", "The pool is empty: everybody puts "
             "in 1, and the dealer 1 more."),
    "michi-michi": ("Played when everybody passes: each trick costs its winner 1 game point "
                    "into the pool (2 in a radler).", "You win three tricks: you pay 3."),
    "radler": ("Deals at double stakes after a michi-michi: every payment between players "
               "is doubled.", "In a radler a won doi pays 4."),
    "annul": ("A hand with no tarok and no king may annul the deal: no score.",
              "You hold only suit cards without a king: you annul the deal."),
    "throw in": ("Another word for annulling the deal.", "You throw the deal in."),
    "game points": ("The money of the game.", "You win a doi with your partner: each of "
                    "you receives 2 game points."),
    "cut": ("Before the deal the player opposite the dealer cuts (a table option).",
            "You cut; the cards are dealt in batches of six."),
    "knock": ("Instead of cutting: the cards are dealt in batches of twelve to choose "
              "from.", "You knock; forehand chooses a batch first."),
    "batch": ("One of the four batches of twelve after a knock.", "You take batch 2."),
}
