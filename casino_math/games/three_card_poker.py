"""Three Card Poker: Ante/Play against the dealer, and its side bets.

Counts first, money second: what the cards do (for every player hand, how
many dealer hands it beats, ties and loses to, and how many do not qualify)
is computed once per deck and qualifying rule; each paytable then costs a
few vector operations. The play/fold strategy is derived for every player
hand by exact expected value, never written in.

>>> game = analyze_config(load_game("paytables/three_card_poker/standard.yaml"))
>>> game.ante_play.weakest_hand_played, game.ante_play.metrics.house_edge
('Q-6-4', Fraction(686689, 20358520))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import comb, lcm
from typing import Any, Mapping

import numpy as np
import pandas as pd

from ..analysis import Outcome, ReturnTable
from ..cards import ACE, RANK_CHARS, Deck
from ..enumeration import category_counts
from ..head_to_head import EveryHand, every_hand
from ..paytable import GameConfig, Pay, load_game
from ..rankings import CATEGORY_SHIFT, get_ranking

QUALIFIER_TOP_RANK = {"jack_high": 11, "queen_high": 12, "king_high": 13, "ace_high": 14}
CATEGORY_LABELS = {
    "spade_mini_royal": "spade mini-royal", "mini_royal": "mini-royal (suited A-K-Q)",
    "straight_flush": "straight flush", "three_of_a_kind": "three of a kind", "straight": "straight",
    "flush": "flush", "pair": "pair", "high_card": "high card",
}


def hand_label(ranks: np.ndarray) -> str:
    """A hand as dealers say it, high card first: ``Q-6-4``."""
    return "-".join(RANK_CHARS[int(r) - 2] for r in ranks)


@dataclass(frozen=True, eq=False)
class Deal:
    """What the cards do, before any money: every player hand against every dealer hand left."""

    hands: EveryHand
    category: np.ndarray  # player's three-card category index
    wins: np.ndarray  # dealer qualifies and the player is higher
    ties: np.ndarray  # dealer qualifies, equal hands
    losses: np.ndarray  # dealer qualifies and is higher
    not_qualified: np.ndarray  # dealer does not qualify
    qualifying_value: int  # the weakest hand value with which the dealer qualifies

    @property
    def dealer_hands(self) -> int:
        return self.hands.others

    @property
    def deals(self) -> int:
        return self.hands.size * self.dealer_hands

    @cached_property
    def categories(self) -> tuple[str, ...]:
        return self.hands.ranking.categories

    def category_mask(self, name: str) -> np.ndarray:
        return self.category == self.categories.index(name)

    @cached_property
    def mini_royal(self) -> np.ndarray:
        """Suited A-K-Q."""
        r = self.hands.ranks
        return self.category_mask("straight_flush") & (r[:, 0] == ACE) & (r[:, 1] == ACE - 1) & (r[:, 2] == ACE - 2)

    @cached_property
    def spade_mini_royal(self) -> np.ndarray:
        return self.mini_royal & (self.hands.suits[:, 0] == 3)


@lru_cache(maxsize=16)
def deal(deck: Deck = Deck.standard(), dealer_qualifies: str = "queen_high") -> Deal:
    """Win/tie/loss/not-qualified counts for every player hand (cached per deck and rule)."""
    ranking = get_ranking("three-card", deck)
    hands = every_hand(ranking, 3)
    values = hands.values
    category = values >> CATEGORY_SHIFT
    if dealer_qualifies == "pair":
        qualifies = category >= ranking.categories.index("pair")
    else:
        qualifies = (category > 0) | (hands.ranks[:, 0] >= QUALIFIER_TOP_RANK[dealer_qualifies])
    # values sort hands, so "qualifies" is "value >= the weakest qualifying value"
    threshold = int(values[qualifies].min())
    below = hands.disjoint_below(np.stack([np.full_like(values, threshold), values, values + 1], axis=1))
    below_q, below_v, below_or_equal = below[:, 0], below[:, 1], below[:, 2]
    wins = np.maximum(below_v - below_q, 0)
    ties = np.where(values >= threshold, below_or_equal - below_v, 0)
    losses = hands.others - np.where(values >= threshold, below_or_equal, below_q)
    return Deal(hands, category, wins, ties, losses, below_q, threshold)


# -- the wagers ---------------------------------------------------------------------------
# A hand of the kind on the left is paid as the first of these the paytable lists (else as its kind alone).
PAYS_AS: dict[str, tuple[str, ...]] = {
    "spade_mini_royal": ("spade_mini_royal", "mini_royal", "straight_flush"),
    "mini_royal": ("mini_royal", "straight_flush"),
    "six_same_color": ("six_same_color", "three_same_color"),
}


def paid_as(kind: str, pays: Mapping[str, object]) -> str | None:
    """The category a hand of ``kind`` is paid as under ``pays``, or None when it loses.

    >>> paid_as("spade_mini_royal", {"straight_flush": 40, "pair": 1})
    'straight_flush'
    """
    return next((c for c in PAYS_AS.get(kind, (kind,)) if c in pays), None)


def _pay_per_hand(deal_: Deal, pays: Mapping[str, Pay | str]) -> tuple[list[str], np.ndarray]:
    """Which listed category each player hand is paid as, as names (most valuable first) and an index array (-1: loses)."""
    kinds = list(deal_.categories) + ["mini_royal", "spade_mini_royal"]
    kind = deal_.category.copy()
    kind[deal_.mini_royal] = kinds.index("mini_royal")
    kind[deal_.spade_mini_royal] = kinds.index("spade_mini_royal")
    order = [c for c in ("spade_mini_royal", "mini_royal", *reversed(deal_.categories)) if c in pays]
    index_of_kind = np.array([order.index(p) if (p := paid_as(k, pays)) else -1 for k in kinds])
    return order, index_of_kind[kind]


def _net(pay: Pay | str, jackpot: Fraction | None) -> Fraction:
    return jackpot - 1 if pay == "jackpot" else pay.net  # type: ignore[operator,union-attr]


def _pay_text(pay: Pay | str, jackpot: Fraction | None) -> str:
    return f"jackpot ({jackpot} for 1)" if pay == "jackpot" else str(pay)


def paid_on_player_cards(wager: str, deal_: Deal, pays: Mapping[str, Pay | str], jackpot: Fraction | None = None) -> ReturnTable:
    """A bet paid on the player's three cards alone (Pair Plus, the progressive)."""
    order, index = _pay_per_hand(deal_, pays)
    counts = np.bincount(index + 1, minlength=len(order) + 1)
    outcomes = [
        Outcome(CATEGORY_LABELS[name], _net(pays[name], jackpot), int(counts[i + 1]), _pay_text(pays[name], jackpot))
        for i, name in enumerate(order)
    ]
    outcomes.append(Outcome("loses", Fraction(-1), int(counts[0]), "loses"))
    return ReturnTable(wager, tuple(outcomes))


@dataclass(frozen=True)
class AntePlay:
    """Ante/Play under the optimal strategy for its paytable."""

    deal: Deal
    ante_bonus: Mapping[str, Pay]
    table: ReturnTable
    plays: np.ndarray  # per player hand: plays (True) or folds

    @property
    def metrics(self):
        return self.table.metrics

    @property
    def hands_played(self) -> int:
        return int(self.plays.sum())

    @property
    def weakest_hand_played(self) -> str:
        values = self.deal.hands.values
        weakest = int(np.argmin(np.where(self.plays, values, values.max() + 1)))
        return hand_label(self.deal.hands.ranks[weakest])

    def play_minus_fold(self) -> np.ndarray:
        """EV(play) − EV(fold) per player hand, in units of 1/(dealer hands × common pay denominator) — exact integers."""
        return _play_minus_fold(self.deal, self.ante_bonus)[0]

    @cached_property
    def strategy(self) -> pd.DataFrame:
        """Play-vs-fold EV per player hand class (same ranks and category), weakest first: for the chart and the sheet."""
        d = self.deal
        gain = 2 * d.wins + d.not_qualified - 2 * d.losses
        frame = pd.DataFrame({
            "value": d.hands.values,
            "hand": [hand_label(r) for r in d.hands.ranks],
            "category": [d.categories[c] for c in d.category],
            "gain": gain,
            "plays": self.plays,
        })
        grouped = frame.groupby("value", sort=True).agg(
            hand=("hand", "first"), category=("category", "first"), hands=("gain", "size"),
            gain=("gain", "sum"), plays=("plays", "sum"),
        ).reset_index()
        no_bonus = Pay.to_one(0)
        grouped["ev_play_exact"] = [  # per hand of the class, averaged over its hands; EV(fold) is −1
            Fraction(int(g), int(h) * d.dealer_hands) + self.ante_bonus.get(c, no_bonus).net
            for g, h, c in zip(grouped["gain"], grouped["hands"], grouped["category"])
        ]
        grouped["ev_play"] = grouped["ev_play_exact"].map(float)
        grouped["ev_fold"] = -1.0
        grouped["decision"] = np.where(grouped["plays"] == grouped["hands"], "play",
                                       np.where(grouped["plays"] == 0, "fold", "mixed"))
        return grouped[["hand", "category", "hands", "ev_play", "ev_fold", "ev_play_exact", "decision"]]

    def outcomes_by_hand(self) -> pd.DataFrame:
        """Per player category: deals won, tied, lost, and with the dealer not qualifying (whatever the decision)."""
        d = self.deal
        rows = []
        for i in reversed(range(len(d.categories))):
            mask = d.category == i
            rows.append({
                "category": d.categories[i], "hands": int(mask.sum()),
                "wins": int(d.wins[mask].sum()), "ties": int(d.ties[mask].sum()),
                "losses": int(d.losses[mask].sum()), "not_qualified": int(d.not_qualified[mask].sum()),
            })
        return pd.DataFrame(rows)


def _play_minus_fold(deal_: Deal, ante_bonus: Mapping[str, Pay]) -> tuple[np.ndarray, int]:
    d = deal_
    denominator = lcm(*(p.net.denominator for p in ante_bonus.values())) if ante_bonus else 1
    bonus = np.array([int(ante_bonus[c].net * denominator) if c in ante_bonus else 0 for c in d.categories], dtype=np.int64)
    gain = 2 * d.wins + d.not_qualified - 2 * d.losses
    # (EV_play − EV_fold) × dealer_hands × denominator, with EV_fold = −1
    return gain * denominator + d.dealer_hands * (bonus[d.category] + denominator), denominator


def ante_play(deal_: Deal, ante_bonus: Mapping[str, Pay], plays: np.ndarray | None = None) -> AntePlay:
    """Ante/Play settled over every deal; ``plays`` defaults to the optimal (EV-maximising) decision per hand.

    A hand plays when playing is strictly better than folding.
    """
    d = deal_
    if plays is None:
        plays = _play_minus_fold(d, ante_bonus)[0] > 0
    outcomes = [Outcome("fold", Fraction(-1), int((~plays).sum()) * d.dealer_hands, "loses the ante")]
    bonus_groups = [c for c in reversed(d.categories) if c in ante_bonus] + [None]
    for group in bonus_groups:
        if group is None:
            mask = plays & ~np.isin(d.category, [d.categories.index(c) for c in ante_bonus])
            bonus, prefix, pays = Fraction(0), "", ""
        else:
            mask = plays & d.category_mask(group)
            bonus, prefix, pays = ante_bonus[group].net, f"{CATEGORY_LABELS[group]}: ", f" + ante bonus {ante_bonus[group]}"
        for name, net, counts, text in (
            ("dealer does not qualify", 1, d.not_qualified, "ante 1 to 1, play pushes"),
            ("player wins", 2, d.wins, "ante and play 1 to 1"),
            ("tie", 0, d.ties, "push"),
            ("dealer wins", -2, d.losses, "loses ante and play"),
        ):
            outcomes.append(Outcome(prefix + name, Fraction(net) + bonus, int(counts[mask].sum()), text + pays))
    played_deals = int(plays.sum()) * d.dealer_hands
    table = ReturnTable("ante_play", tuple(outcomes), average_wager=1 + Fraction(played_deals, d.deals))
    return AntePlay(d, dict(ante_bonus), table, plays)


def six_card_bonus(deck: Deck, pays: Mapping[str, Pay]) -> ReturnTable:
    """Best five of the player's three and the dealer's three: every six-card combination is equally likely."""
    counts = category_counts(get_ranking("high", deck), 6)
    outcomes = [Outcome(name.replace("_", " "), pays[name].net, counts[name], str(pays[name])) for name in counts if name in pays]
    outcomes.append(Outcome("loses", Fraction(-1), sum(v for k, v in counts.items() if k not in pays), "loses"))
    return ReturnTable("six_card_bonus", tuple(outcomes))


def prime(deal_: Deal, pays: Mapping[str, Pay]) -> ReturnTable:
    """The player's three cards all one colour; the best pay when the dealer's three match them too."""
    d = deal_
    deck = d.hands.ranking.deck
    color = d.hands.suits % 3 != 0  # red: diamonds (1) and hearts (2); black: clubs (0) and spades (3)
    one_color = np.all(color == color[:, :1], axis=1)
    left_of_color = 2 * len(deck.ranks) - 3  # two suits of each colour, less the player's three
    six = np.where(one_color, comb(left_of_color, 3), 0)
    three_only = np.where(one_color, d.dealer_hands - six, 0)
    outcomes, losing = [], d.deals - int(six.sum()) - int(three_only.sum())
    for name, count in (("six_same_color", int(six.sum())), ("three_same_color", int(three_only.sum()))):
        best = paid_as(name, pays)
        if best is None:
            losing += count
        else:
            outcomes.append(Outcome(name.replace("_", " "), pays[best].net, count, str(pays[best])))
    outcomes.append(Outcome("loses", Fraction(-1), losing, "loses"))
    return ReturnTable("prime", tuple(outcomes))


@dataclass(frozen=True)
class Progressive:
    """The progressive: its table at the configured meter, and its edge at any meter."""

    table: ReturnTable
    jackpot: Fraction
    jackpot_probability: Fraction
    fixed_return: Fraction  # expected net from every outcome but the jackpot

    @property
    def metrics(self):
        return self.table.metrics

    def house_edge_at(self, jackpot: Fraction | int) -> Fraction:
        """House edge with the meter at ``jackpot`` (paid "for 1"): linear in the meter."""
        return -(self.fixed_return + self.jackpot_probability * (Fraction(jackpot) - 1))

    @property
    def break_even_jackpot(self) -> Fraction:
        """The meter at which the bet has no house edge."""
        return 1 - self.fixed_return / self.jackpot_probability


def progressive(deal_: Deal, pays: Mapping[str, Pay | str], jackpot: Fraction) -> Progressive:
    table = paid_on_player_cards("progressive", deal_, pays, jackpot)
    jackpot_name = CATEGORY_LABELS[next(k for k, v in pays.items() if v == "jackpot")]
    total = table.total
    jackpot_row = next(o for o in table.outcomes if o.name == jackpot_name)
    fixed = sum((Fraction(o.combinations, total) * o.net for o in table.outcomes if o.name != jackpot_name), Fraction(0))
    return Progressive(table, jackpot, Fraction(jackpot_row.combinations, total), fixed)


# -- the whole game -------------------------------------------------------------------------
@dataclass(frozen=True)
class ThreeCardPokerAnalysis:
    """Every wager of one game file, analysed. Tables are pandas DataFrames; figures exact Fractions."""

    config: GameConfig
    deal: Deal
    ante_play: AntePlay | None
    pair_plus: ReturnTable | None
    six_card_bonus: ReturnTable | None
    prime: ReturnTable | None
    progressive: Progressive | None

    @property
    def tables(self) -> dict[str, ReturnTable]:
        """The return table of each wager the file offers, in the file's order."""
        out = {}
        for name in ("ante_play", "pair_plus", "six_card_bonus", "prime", "progressive"):
            wager = getattr(self, name)
            if wager is not None:
                out[name] = wager if isinstance(wager, ReturnTable) else wager.table
        return out

    @property
    def summary(self) -> pd.DataFrame:
        """One row per wager: house edge, element of risk, hit frequency, standard deviation, ..."""
        rows = []
        for name, table in self.tables.items():
            m = table.metrics
            rows.append({
                "wager": name, "house_edge": m.house_edge, "house_edge_float": float(m.house_edge),
                "element_of_risk_float": float(m.element_of_risk), "hit_frequency_float": float(m.hit_frequency),
                "standard_deviation": m.standard_deviation, "combinations": m.combinations,
            })
        return pd.DataFrame(rows)

    def returns(self, wager: str) -> pd.DataFrame:
        return self.tables[wager].to_frame()

    def to_dict(self) -> dict[str, Any]:
        """The JSON contract: {"game", "id", "wagers": {name: {figures..., "returns": [...]}}}."""
        wagers: dict[str, Any] = {}
        for name, table in self.tables.items():
            entry = table.metrics.to_dict()
            entry["hit_frequency_float"] = float(table.metrics.hit_frequency)
            if name == "ante_play" and self.ante_play is not None:
                entry["hands_played"] = self.ante_play.hands_played
                entry["hands_played_of"] = self.deal.hands.size
                entry["weakest_hand_played"] = self.ante_play.weakest_hand_played
            if name == "progressive" and self.progressive is not None:
                entry["jackpot"] = self.progressive.jackpot
                entry["break_even_jackpot"] = self.progressive.break_even_jackpot
            entry["returns"] = table.to_records()
            wagers[name] = entry
        c = self.config
        return {"game": c.game, "id": c.id, "name": c.name, "source": c.source, "file": c.path,
                "sha256": c.sha256, "rules": c.rules.model_dump(), "deals": self.deal.deals, "wagers": wagers}


def analyze_config(config: GameConfig) -> ThreeCardPokerAnalysis:
    """Analyse every wager a game file offers."""
    deck = Deck.named(config.rules.deck)
    d = deal(deck, config.rules.dealer_qualifies)
    w = config.wagers
    return ThreeCardPokerAnalysis(
        config=config,
        deal=d,
        ante_play=ante_play(d, w.ante_play.ante_bonus) if w.ante_play else None,
        pair_plus=paid_on_player_cards("pair_plus", d, w.pair_plus.pays) if w.pair_plus else None,
        six_card_bonus=six_card_bonus(deck, w.six_card_bonus.pays) if w.six_card_bonus else None,
        prime=prime(d, w.prime.pays) if w.prime else None,
        progressive=progressive(d, w.progressive.pays, w.progressive.jackpot) if w.progressive else None,
    )


def simple_strategies(deal_: Deal) -> dict[str, np.ndarray]:
    """Plays simpler than the optimal one, as play masks over player hands (for the cost-of-error table)."""
    d = deal_
    return {
        "always play": np.ones(d.hands.size, dtype=bool),
        "play J-high or better": (d.category > 0) | (d.hands.ranks[:, 0] >= 11),
        "play Q-high or better": (d.category > 0) | (d.hands.ranks[:, 0] >= 12),
        "mimic the dealer (play when the dealer would qualify)": d.hands.values >= d.qualifying_value,
    }
