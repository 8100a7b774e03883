"""Real matches, played by the engine's bots, as a table would write them down: for each round, the tiles
left in every hand, who went out (and whether on a double) and the round's starting double. The engine's
score-sheet tests and the score keeper's browser tests enter them and compare with the engine's result."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import GreedyBot, Match, RandomBot, Rules
from engine.tiles import TILES, iter_bits


@dataclass
class PlayedRound:
    hands: list  # the tiles left in each seat's hand, as "9-4"
    out: int | None
    on_double: bool
    double: int  # the round's starting double, as the engine planned it

    def entry(self) -> dict:
        """The round as a score sheet writes it (engine/scoresheet.py)."""
        return {"hands": [list(tiles) for tiles in self.hands], "out": self.out, "on_double": self.on_double}


@dataclass
class PlayedMatch:
    rules: Rules
    match: Match
    rounds: list = field(default_factory=list)


def play_match(rules: Rules, players: int, seed: int) -> PlayedMatch:
    """A whole bot match (one greedy bot, the rest random); what was left in every hand at each round's end."""
    match = Match(rules, players, seed)
    bots = [GreedyBot()] + [RandomBot(seed + seat) for seat in range(1, players)]
    played = PlayedMatch(rules, match)
    while match.outcome() is None:
        hand = match.hand
        views = [hand.view(seat) for seat in range(players)]
        while hand.outcome is None:
            match.push(bots[hand.turn].choose(views[hand.turn]))
        ended = hand.log[-1][4]
        played.rounds.append(PlayedRound([[str(TILES[i]) for i in iter_bits(mask)] for mask in hand.hands],
                                         hand.outcome.winner, bool(ended.get("ended_on_double")), hand.root_number))
    return played
