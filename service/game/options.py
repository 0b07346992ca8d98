"""Game-level rule options: busting, multiple ron, pao, draws, game end, uma/oka (/docs/rules §4–6, /docs/rulesets).

Each preset has one :class:`GameRules` value in :data:`GAME_PRESETS`, built from the one
table of rule worlds (``service/scoring/presets.toml``, with the source of every value);
a request may override any option through :class:`~.model.GameOptions`. Code reads options by name and
never branches on a preset's name (ARCHITECTURE.md, "Checklists": read the option). The scoring rules of the
hand itself (:class:`service.scoring.Rules`) are separate and come from the request's ``rules``.
"""

from __future__ import annotations

import functools
import itertools
import typing
from typing import Final, Literal

import msgspec

from service.i18n import refusal
from service.scoring import FieldError, InvalidHand, Rules
from service.scoring.presets import GAME_DEFAULTS, SHARED_OPTIONS

from .model import ABORTIVE_KINDS, AbortiveKind, GameOptions

__all__ = ["ABORTIVE_DRAWS", "BUST_MODES", "GAME_PRESETS", "GameRules", "resolve_game"]

BustMode = Literal["below_zero", "at_zero", "none", "cannot_pay"]

BUST_MODES: Final = ("below_zero", "at_zero", "none", "cannot_pay")
"""Busting (tobi) modes: see :attr:`GameRules.bust`."""


AbortiveDraw = AbortiveKind
ABORTIVE_DRAWS: Final = ABORTIVE_KINDS
"""The abortive draws (/docs/rulesets §5): nine terminals, four winds, four riichi, four kans, triple ron."""


class GameRules(msgspec.Struct, frozen=True, kw_only=True):
    """The game rules one settlement runs under: a preset's defaults with overrides applied.

    Points are points (not sticks). See :class:`~.model.GameOptions` for what each option
    means; the defaults and sources per preset are in ``service/scoring/presets.toml``.
    """

    start_points: int
    """Every player's score at the start of the game, points."""
    return_points: int
    """Oka's return (kaeshi) score, points: oka = players × (return − start) goes to first place."""
    uma: tuple[int, ...]
    """Uma for 1st–4th place (1st–3rd with three players), points (sum 0)."""
    final_rounding: Literal["none", "shisha_gonyuu", "gosha_rokunyuu"]
    """`none`: final points are exact (Tenhou today); `shisha_gonyuu` (Tenhou until about 2020): each of 2nd–4th
    place's score is rounded to 1,000 half away from zero (35,500 → 36,000, −7,500 → −8,000) before the return is
    subtracted; `gosha_rokunyuu`: each of 2nd–4th place's score minus the return is rounded to 1,000 with 500 down
    and 600 up (on its size). With either rounding first place takes what makes the sum 0."""
    ties: Literal["seat_order", "shared"]
    """Equal scores: the seat nearer the first dealer ranks higher, or the tied players share uma and oka."""
    leftover_sticks: Literal["first", "none"]
    """Riichi sticks left on the table at the end: to first place (`first`) or to nobody."""
    bust: BustMode
    """`below_zero`: out below 0; `at_zero`: out at 0 or below; `none`: never out;
    `cannot_pay`: a payer pays at most what they hold, and is out when short or at 0."""
    multiple_ron: Literal["allowed", "head_bump"]
    """`allowed`: every ron on one discard wins; `head_bump`: only the first in turn order."""
    multi_ron_sticks: Literal["nearest", "each"]
    """With several winners: `nearest` (honba and every riichi stick to the first winner from the
    discarder) or `each` (every winner gets the honba and their own riichi stick back, the nearest the rest)."""
    pao: bool
    """Liability (sekinin barai) is played, for the yakuman in ``pao_yakuman``."""
    pao_yakuman: frozenset[str]
    """The yakuman ids that carry liability (daisangen, daisuushii; M-League also suukantsu)."""
    pao_scope: Literal["whole_hand", "pao_part"]
    """What the liable player answers for: the whole hand (stacked yakuman included) or the pao yakuman only;
    they pay it in full on tsumo (with all the honba) and half of it on ron (the discarder the other half)."""
    pao_ron_honba: Literal["liable", "discarder"]
    """Who pays the honba of a ron under pao."""
    noten_payment: Literal[0, 2000, 3000]
    """Points the noten players pay the tenpai players in total at an exhaustive draw."""
    nagashi_mangan: bool
    """Nagashi mangan is played: paid as a mangan tsumo at an exhaustive draw."""
    abortive_draws: frozenset[AbortiveDraw]
    """The abortive draws played (outcome `abortive`; `sanchahou` also turns three rons on one discard into
    it); each moves no points but this hand's deposits, leaves the sticks, adds a honba, keeps the dealer."""
    chombo: Literal["none", "mangan", "deduction"]
    """A chombo's penalty: none (not an outcome), a reverse mangan tsumo paid at once, or
    ``chombo_points`` deducted from the final score after uma."""
    chombo_points: int
    """Points a chombo deducts from the final score (``chombo`` `deduction`)."""
    length: Literal["tonpuu", "hanchan"]
    """The game's length: East only (4 hands and repeats) or East and South (8)."""
    extension: Literal["none", "sudden_death"]
    """After the last hand with nobody at ``extension_points``: the game ends (`none`) or goes on into the
    next wind until somebody has them (`sudden_death`; hard stop after one more wind)."""
    extension_points: int
    """The score the extension (and agari-yame / tenpai-yame) needs, points (0 = none)."""
    agari_yame: bool
    """The last hand's (or an extension hand's) dealer, first after winning with at least ``extension_points``
    (ties in seat order from the first dealer), ends the game instead of repeating (Mortal's game.rs)."""
    tenpai_yame: bool
    """As ``agari_yame``, for a dealer who repeats by being tenpai at an exhaustive draw."""
    riichi_deposit: Literal[0, 1000]
    """Points a riichi declaration puts on the table (one riichi stick); the hand rules' option."""
    honba: Literal[0, 200, 300]
    """Points one honba adds to a win (300 on ron, 100 from each payer on tsumo; three players 200 on ron,
    100 from each of the 2 payers); 0 = no honba at all: a repeat hand adds nothing and the count stays 0.
    The hand rules' option."""
    players: Literal[3, 4]
    """Seats at the table (0 … players − 1); the hand rules' option (/docs/rulesets §7 for 3)."""
    sanma_tsumo: Literal["loss", "bisection"]
    """Three players, a tsumo (nagashi and a chombo's reverse tsumo too): tsumo loss or north bisection; the
    hand rules' option (/docs/rulesets §7 Tsumo payment)."""
    target: int
    """The game ends when a score reaches this many points (0 = no target)."""
    riichi_needs_points_and_draw: bool
    """A riichi needs 1,000 points and another draw for the declarer (as many tiles left in the wall as
    players); the log replay checks it (/docs/rulesets §4 Riichi deposit, /docs/logs §Bad logs)."""


GAME_PRESETS: dict[str, GameRules] = {
    preset: msgspec.convert(values, GameRules) for preset, values in GAME_DEFAULTS.items()
}
"""Every preset's game defaults, read from the one table of rule worlds (``service/scoring/presets.toml``)."""

_OPTIONS = tuple(GameOptions.__struct_fields__)


def resolve_game(rules: Rules, options: GameOptions | None) -> GameRules:
    """The :class:`GameRules` for the resolved hand ``rules`` with ``options`` applied.

    The preset's game defaults come from :data:`GAME_PRESETS` (by ``rules.preset``), except
    ``riichi_deposit`` and ``honba``, which are the hand rules' options of the same name (one
    home for what also changes a hand's payments); an option left out (null) keeps the default.
    Raises :class:`~service.scoring.InvalidHand` (HTTP 422) for options a request set that contradict
    each other: ``game.uma`` rising with the place, ``game.return_points`` below the start (a negative
    oka), ``game.multi_ron_sticks`` ``each`` with head bump.

    >>> from service.scoring import PRESETS
    >>> resolve_game(PRESETS["standard"], None).bust
    'below_zero'
    >>> resolve_game(PRESETS["kostarev"], GameOptions(bust="at_zero")).bust
    'at_zero'
    >>> g = resolve_game(PRESETS["kostarev"], None); (g.riichi_deposit, g.honba)
    (0, 0)
    """
    try:
        return _resolved(rules, options)
    except TypeError:  # unhashable: options holding a request's lists (uma, pao_yakuman, abortive_draws)
        return _resolve(rules, options)


@functools.lru_cache(maxsize=256)
def _resolved(rules: Rules, options: GameOptions | None) -> GameRules:
    """:func:`_resolve`, cached on the (frozen) hand rules and options: a game replayed from a log settles
    every round under the same ones."""
    return _resolve(rules, options)


def _resolve(rules: Rules, options: GameOptions | None) -> GameRules:
    base = GAME_PRESETS[rules.preset]
    overrides: dict[str, object] = {name: getattr(rules, name) for name in SHARED_OPTIONS}
    if options is not None:
        overrides.update({name: value for name in _OPTIONS if (value := getattr(options, name)) is not None})
    for name in ("uma", "pao_yakuman", "abortive_draws"):  # request lists → the struct's tuple / sets
        if name in overrides:
            value = typing.cast(list[object], overrides[name])
            overrides[name] = tuple(value) if name == "uma" else frozenset(value)
    game = msgspec.structs.replace(base, **overrides)
    if errors := _conflicts(game):
        raise InvalidHand(errors)
    return game


NOTEN_PAYMENT: Final = {3: 2000, 4: 3000}
"""The no-ten payment of a table of 3 and of 4 players (/docs/rulesets §5, §7 Noten payments)."""
FOUR_PLAYER_DRAWS: Final = frozenset({"suufon_renda", "suucha_riichi", "sanchahou"})
"""Abortive draws a table of three cannot have: four winds, four riichi, three rons by three others."""


def _conflicts(game: GameRules) -> list[FieldError]:
    """Game options that contradict each other or the places they rank, each naming the option."""
    errors = []
    if any(later > earlier for earlier, later in itertools.pairwise(game.uma)):
        errors.append(FieldError("game.uma", refusal("refusal.uma_falls", uma=list(game.uma))))
    if game.return_points < game.start_points:
        errors.append(
            FieldError(
                "game.return_points",
                refusal("refusal.return_below_start", back=game.return_points, start=game.start_points),
            )
        )
    if game.multiple_ron == "head_bump" and game.multi_ron_sticks == "each":
        errors.append(FieldError("game.multi_ron_sticks", refusal("refusal.head_bump_one_winner")))
    # a table's values follow its seats (/docs/rulesets §5, §7): uma one a place, honba 100 a payer,
    # no-ten payments that split in 100s, and no abortive draw that needs a fourth player
    n = game.players
    if len(game.uma) != n:
        errors.append(FieldError("game.uma", refusal("refusal.uma_count", n=len(game.uma), players=n)))
    if game.honba not in (0, (n - 1) * 100):
        errors.append(FieldError("game.honba", refusal("refusal.honba_players", players=n, honba=(n - 1) * 100)))
    if game.noten_payment not in (0, NOTEN_PAYMENT[n]):
        errors.append(
            FieldError("game.noten_payment", refusal("refusal.noten_players", players=n, payment=NOTEN_PAYMENT[n]))
        )
    if n == 3 and (four := sorted(game.abortive_draws & FOUR_PLAYER_DRAWS)):
        errors.append(FieldError("game.abortive_draws", refusal("refusal.draws_need_four", draws=", ".join(four))))
    return errors
