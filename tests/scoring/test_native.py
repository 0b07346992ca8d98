"""The C hot path (``service/scoring/_native.c``) against the Python path, which is the source of truth.

Wherever the C code answers a request, its answer must equal the Python path's (``score_fresh(req,
use_native=False)``) field by field, and the Python path must not refuse that request: a request the
Python path refuses (InvalidHand, a 422) is one the C code has to decline (``None``). The requests: the
seeded winning hands under every four-player preset and under single options changed, the same hands
mutated at random (flags flipped, winds, honba, indicators, red fives, melds: valid and invalid ones
alike), hypothesis hands, and the Tenhou corpus. Coverage is asserted too: the C code must take nearly
every plain hand, or it would be a path nobody uses.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import msgspec.inspect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.i18n import LANGUAGES
from service.scoring import InvalidHand, ScoreRequest, ScoreResult, native, score
from service.scoring.batch import score_json, score_json_run
from service.scoring.model import RulesSpec, UncheckedScoreRequest
from service.scoring.names import localise
from service.scoring.presets import PRESETS, resolve_rules
from service.scoring.rules_cache import rules_and_table
from service.scoring.scorer import score_fresh
from tests.strategies import seeded_hands, winning_hands
from tests.tenhou import CORPUS_FILE, load_records, request_from_record

pytestmark = pytest.mark.skipif(
    not native.AVAILABLE, reason="the C extension is not built (RIICHI_PURE_PYTHON install, or RIICHI_NATIVE=0)"
)

FOUR_PLAYER_PRESETS = ("standard", "tenhou", "majsoul", "wrc", "ema", "mleague", "kostarev")
"""The presets the C code scores (kids is scored by points, the sanma presets have three players)."""


def option_values(info: msgspec.inspect.Type) -> list[object]:
    """Every value a rule option's type allows (``None``, "the preset's default", left out): both bools, each
    literal, each integer of a bounded range."""
    if isinstance(info, msgspec.inspect.UnionType):
        return [v for member in info.types for v in option_values(member)]
    if isinstance(info, msgspec.inspect.BoolType):
        return [False, True]
    if isinstance(info, msgspec.inspect.LiteralType):
        return list(info.values)
    if isinstance(info, msgspec.inspect.IntType):
        assert info.ge is not None, "an option's integer range is bounded"
        assert info.le is not None, "an option's integer range is bounded"
        return list(range(info.ge, info.le + 1))
    if isinstance(info, msgspec.inspect.NoneType):
        return []
    raise AssertionError(f"an option of a type this test cannot enumerate: {info}")


def option_variants() -> list[dict[str, Any]]:
    """One variant for each value of each field of ``RulesSpec`` other than the standard preset's: the option
    over ``standard``; where that combination is refused (``conflicts``: three players' options, sashikomi
    without open riichi), over the first preset that accepts it, else with the first other option that
    makes it valid."""
    info = msgspec.inspect.type_info(RulesSpec)
    assert isinstance(info, msgspec.inspect.StructType)
    values = {field.name: option_values(field.type) for field in info.fields}
    companions = [{}] + [{name: v} for name, vs in values.items() if name != "preset" for v in vs]
    standard = PRESETS["standard"]

    def valid(rules: dict[str, Any]) -> bool:
        try:
            resolve_rules(msgspec.convert(rules, RulesSpec))
        except (InvalidHand, ValueError):
            return False
        return True

    out = []
    for name, options in values.items():
        for value in options:
            if getattr(standard, name, None) == value:
                continue
            if name == "preset":
                out.append({"preset": value})
                continue
            tries = [{"preset": p, name: value} for p in ("standard", *PRESETS)]
            tries += [{"preset": "standard", **extra, name: value} for extra in companions if name not in extra]
            found = next((rules for rules in tries if valid(rules)), None)
            assert found is not None, f"no rule set takes {name}={value!r}"
            out.append(found)
    return out


OPTION_VARIANTS: tuple[dict[str, Any], ...] = tuple(option_variants())
"""Every value of every rule option (from ``RulesSpec``'s types), each changed alone from a preset."""

WINDS = ("E", "S", "W", "N")
TILES = [f"{r}{s}" for s in "mps" for r in range(10)] + [f"{r}z" for r in range(1, 8)]
FLAGS = ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou")


def without_winds(body: dict[str, Any]) -> dict[str, Any]:
    """``body`` for rules without winds (kostarev): no seat or round wind, ``dealer`` said instead."""
    out = {k: v for k, v in body.items() if k not in ("seat_wind", "round_wind")}
    out["dealer"] = body.get("seat_wind") == "E"
    return out


def for_preset(body: dict[str, Any], preset: str) -> dict[str, Any]:
    """``body`` under ``preset`` (as :func:`without_winds` for kostarev)."""
    return {**(without_winds(body) if preset == "kostarev" else body), "rules": preset}


def decoded(body: dict[str, Any]) -> ScoreRequest | None:
    """The body as the HTTP decoder makes it, or None when the decoder refuses it (a 400, never scored)."""
    try:
        return msgspec.json.decode(msgspec.json.encode(body), type=ScoreRequest)
    except msgspec.ValidationError:
        return None


TAKEN, DECLINED, REFUSED = "taken", "declined", "refused"
"""What became of a request: the C code answered it; declined a valid one (Python scored it); or declined
one that Python refuses."""


def compare(req: ScoreRequest) -> str:
    """What became of ``req`` (:data:`TAKEN` …); asserts that the C code's answer is the Python path's."""
    prepared = rules_and_table(req.rules)[3]
    fast = native.score(req, prepared) if prepared is not None else None
    try:
        reference: ScoreResult | InvalidHand = score_fresh(req, use_native=False)
    except InvalidHand as exc:
        reference = exc
    if fast is None:
        return REFUSED if isinstance(reference, InvalidHand) else DECLINED
    assert not isinstance(reference, InvalidHand), f"C answered a request Python refuses: {req} -> {reference}"
    assert msgspec.json.encode(fast) == msgspec.json.encode(reference), req
    assert fast == reference
    return TAKEN


def tally(requests: list[ScoreRequest | None]) -> dict[str, int]:
    """:func:`compare` of each request the decoder took, counted by outcome."""
    counts = {TAKEN: 0, DECLINED: 0, REFUSED: 0}
    for req in requests:
        if req is not None:
            counts[compare(req)] += 1
    return counts


def mutated(body: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``body`` with a few fields changed at random: many of the results are invalid on purpose."""
    out = dict(body)
    for name in FLAGS:
        if rng.random() < 0.08:
            out[name] = not out.get(name, False)
    if rng.random() < 0.1:
        out["win"] = "tsumo" if out.get("win") == "ron" else "ron"
    if rng.random() < 0.1:
        out["seat_wind"] = rng.choice((None, *WINDS))
    if rng.random() < 0.1:
        out["dealer"] = rng.choice((None, True, False))
    if rng.random() < 0.1:
        out["round_wind"] = rng.choice((None, *WINDS))
    if rng.random() < 0.1:
        out["honba"] = rng.randint(0, 5)
    if rng.random() < 0.1:
        out["riichi_sticks"] = rng.randint(0, 3)
    if rng.random() < 0.1:
        out["dora_indicators"] = out.get("dora_indicators", "") + rng.choice(TILES)
    if rng.random() < 0.1:
        out["ura_indicators"] = "".join(rng.choice(TILES) for _ in range(rng.randint(0, 3)))
    hand = out["hand"]
    if rng.random() < 0.15 and ("5" in hand or "0" in hand):
        i = rng.choice([i for i, ch in enumerate(hand) if ch in "05"])
        out["hand"] = hand[:i] + ("0" if hand[i] == "5" else "5") + hand[i + 1 :]
    if rng.random() < 0.05:
        out["hand"] = out["hand"] + rng.choice(TILES)  # one tile too many
    if rng.random() < 0.05:
        out["win_tile"] = rng.choice(TILES)
    melds = [dict(m) for m in out.get("melds", [])]
    if melds and rng.random() < 0.1:
        m = rng.choice(melds)
        m["closed"] = not m.get("closed", False)  # a closed chi or pon is refused; an open ankan changes the hand
    if melds and rng.random() < 0.05:
        rng.choice(melds)["type"] = rng.choice(("chi", "pon", "kan"))
    out["melds"] = melds
    return out


def test_the_extension_is_in_use() -> None:
    """A built install scores through the C code: the standard rules are prepared for it."""
    assert rules_and_table("standard")[3] is not None
    assert rules_and_table("tenhou_sanma")[3] is None  # three players: Python
    assert rules_and_table("kids")[3] is None  # scored by points: Python


def test_a_hand_worked_by_hand() -> None:
    """The README's hand through the C code: riichi, pinfu, dora 1; 3 han 30 fu, 3,900 from the discarder."""
    req = ScoreRequest(hand="234567m23456p99s", win_tile="7p", seat_wind="S", riichi=True, dora_indicators="1p")
    fast = native.score(req, rules_and_table("standard")[3])
    assert fast is not None
    assert (fast.han, fast.fu, fast.points, [y.id for y in fast.yaku]) == (3, 30, 3900, ["riichi", "pinfu", "dora"])
    assert [(p.payer, p.amount, p.count) for p in fast.payments] == [("discarder", 3900, 1)]


@pytest.mark.parametrize("preset", FOUR_PLAYER_PRESETS)
def test_seeded_hands_every_preset(preset: str) -> None:
    """2,000 seeded winning hands under each four-player preset: the same answers, and of the hands the
    preset accepts (WRC has no red fives, kostarev no winds) the C code takes 99 % or more."""
    counts = tally([decoded(for_preset(body, preset)) for body in seeded_hands(2000, seed=11)])
    assert counts[TAKEN] >= 0.99 * (counts[TAKEN] + counts[DECLINED]), counts
    assert counts[TAKEN] >= 400, counts


@pytest.mark.parametrize("rules", OPTION_VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_seeded_hands_with_one_option_changed(rules: dict[str, Any]) -> None:
    """300 seeded hands, half of them changed at random, under a preset with one option changed: the same
    answers; and where the C code takes the rule set, it takes 99 % of the plain hands Python scores."""
    rng = random.Random(str(rules))
    no_winds = rules.get("winds") is False or rules["preset"] == "kostarev"
    plain = [without_winds(body) if no_winds else body for body in seeded_hands(150, seed=12)]
    counts = tally([decoded({**body, "rules": rules}) for body in plain])
    tally([decoded({**mutated(body, rng), "rules": rules}) for body in plain])
    prepared = rules_and_table(msgspec.convert(rules, RulesSpec))[3]
    if prepared is not None:
        assert counts[TAKEN] >= 0.99 * (counts[TAKEN] + counts[DECLINED]), counts
    else:
        assert counts[TAKEN] == 0, counts


def test_every_option_is_varied() -> None:
    """Every field of ``RulesSpec`` is changed by some variant (the differential leaves none out)."""
    varied = {name for rules in OPTION_VARIANTS for name in rules if name != "preset"}
    assert varied | {"preset"} == {f.name for f in msgspec.structs.fields(RulesSpec)}
    assert {rules["preset"] for rules in OPTION_VARIANTS if len(rules) == 1} == set(PRESETS) - {"standard"}


@pytest.mark.parametrize("seed", range(4))
def test_mutated_hands(seed: int) -> None:
    """5,000 seeded hands changed at random (valid and invalid), under standard and three other presets: the
    C code answers as the Python path does, and declines what it refuses (both kinds occur)."""
    rng = random.Random(seed)
    requests = []
    for body in seeded_hands(5000, seed=100 + seed):
        preset = rng.choice(("standard", "standard", "ema", "mleague", "kostarev"))
        requests.append(decoded(for_preset(mutated(body, rng), preset)))
    counts = tally(requests)
    assert counts[TAKEN] > 1000, counts
    assert counts[REFUSED] > 500, counts


@settings(max_examples=400, deadline=None)
@given(body=winning_hands(), data=st.data())
def test_hypothesis_hands(body: dict[str, Any], data: st.DataObject) -> None:
    """Hypothesis hands, mutated by a drawn seed, under a drawn preset: the same answers."""
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    preset = data.draw(st.sampled_from(FOUR_PLAYER_PRESETS))
    req = decoded(for_preset(mutated(body, rng) if data.draw(st.booleans()) else body, preset))
    if req is not None:
        compare(req)


@pytest.mark.skipif(not CORPUS_FILE.exists(), reason=f"Tenhou corpus not found at {CORPUS_FILE}")
def test_corpus() -> None:
    """Every Tenhou record's request: the same answers, and the C code takes all but a few."""
    records = load_records()
    requests = [decoded(request_from_record(record)) for record in records]
    assert None not in requests
    counts = tally(requests)
    assert counts[TAKEN] >= 0.95 * len(records), counts


def test_requests_built_in_python_are_left_to_python() -> None:
    """Lists where the decoder makes tuples: the C code declines, and :func:`~service.scoring.score` still
    scores them as before. Tile codes as a tuple (the decoder's form of a JSON list) are taken."""
    prepared = rules_and_table("standard")[3]
    with_list = ScoreRequest(hand="234567m23456p99s", win_tile="7p", seat_wind="S", melds=[])  # type: ignore[arg-type]
    assert native.score(with_list, prepared) is None
    codes = ("2m", "3m", "4m", "5m", "6m", "7m", "2p", "3p", "4p", "5p", "6p", "9s", "9s")
    as_list = ScoreRequest(hand=list(codes), win_tile="7p", seat_wind="S")  # type: ignore[arg-type]
    assert native.score(as_list, prepared) is None
    assert score(as_list).points == 1000  # pinfu alone, 1 han 30 fu by a non-dealer's ron
    as_tuple = ScoreRequest(hand=codes, win_tile="7p", seat_wind="S")
    assert compare(as_tuple) == TAKEN
    assert native.score("not a request", prepared) is None  # type: ignore[arg-type]


# --- the answer as JSON (the batch's path: score_json) ------------------------------------------------

_unchecked = msgspec.json.Decoder(UncheckedScoreRequest).decode

GARBLED = ("", "0z", "8z", "m5", "5m5", "55", "1234m", "0m0m", "12345678901234m", "5mz", "1z2", " 5m", "5m\n")
"""Tile texts that are not valid mpsz (the strict decode refuses them: a 400) or make no valid hand."""


def compare_json(body: dict[str, Any], lang: int) -> str:
    """What became of ``body`` on ``score_json`` (:data:`TAKEN` …), as a ScoreRequest and as an unchecked
    request; asserts that its bytes are msgspec's encoding of the Python path's answer in that language, and
    that an unchecked request it answers is one the strict decoder takes."""
    encoded = msgspec.json.encode(body)
    strict = decoded(body)
    try:
        loose = _unchecked(encoded)
    except msgspec.ValidationError:
        loose = None
    outcome = REFUSED
    for req in (strict, loose):
        if req is None:
            continue
        fast = score_json(req, lang)
        if fast is None:
            continue
        assert strict is not None, f"C answered a body the strict decoder refuses: {body}"
        reference = score_fresh(strict, use_native=False)  # raises InvalidHand where C must have declined
        assert fast == msgspec.json.encode(localise(reference, LANGUAGES[lang])), body
        outcome = TAKEN
    return outcome


def garbled(body: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``body`` with one tile text replaced by a garbled one (or left alone, half of the time)."""
    out = dict(body)
    if rng.random() < 0.5:
        field = rng.choice(("hand", "win_tile", "dora_indicators", "ura_indicators", "melds"))
        text = rng.choice(GARBLED)
        if field == "melds" and out.get("melds"):
            melds = [dict(m) for m in out["melds"]]
            rng.choice(melds)["tiles"] = text
            out["melds"] = melds
        elif field != "melds":
            out[field] = text
    return out


@pytest.mark.parametrize("lang", range(len(LANGUAGES)), ids=LANGUAGES)
def test_json_answers_are_msgspecs_encoding_of_the_python_answer(lang: int) -> None:
    """3,000 seeded hands, mutated and garbled (valid and invalid), under four-player presets, in each
    language: ``score_json``'s bytes are msgspec's encoding of the localised Python answer, for the strict
    and for the unchecked decode; nothing the strict decoder refuses is answered."""
    rng = random.Random(lang)
    taken = 0
    for body in seeded_hands(3000, seed=200 + lang):
        preset = rng.choice(("standard", "standard", "tenhou", "wrc", "mleague", "kostarev"))
        changed = garbled(mutated(body, rng), rng) if rng.random() < 0.5 else body
        if compare_json(for_preset(changed, preset), lang) == TAKEN:
            taken += 1
    assert taken > 1000


def test_json_of_no_win_and_of_yakuman() -> None:
    """No win, kokushi and a double yakuman through ``score_json`` in each language, checked against msgspec's
    encoding; a hand with a tile too many is declined (the Python path refuses it)."""
    not_complete = {"hand": "123456789m1234p", "win_tile": "9p", "seat_wind": "S"}
    no_yaku = {"hand": "234m567m234p79s55p", "win_tile": "8s", "seat_wind": "S"}  # closed ron on a kanchan, a 9
    kokushi = {"hand": "119m19p19s123456z", "win_tile": "7z", "seat_wind": "E", "win": "tsumo"}  # dealer: 16,000 all
    junsei = {"hand": "1112345678999m", "win_tile": "9m", "seat_wind": "S"}  # nine-sided chuuren: 64,000
    too_many = {"hand": "11122233344455z", "win_tile": "5z", "seat_wind": "S"}
    for lang in range(len(LANGUAGES)):
        for body in (not_complete, no_yaku, kokushi, junsei):
            assert compare_json(body, lang) == TAKEN, body
        assert compare_json(too_many, lang) == REFUSED
    answers = [msgspec.json.decode(score_json(decoded(b), 0)) for b in (not_complete, no_yaku, kokushi, junsei)]
    assert [a["reason"] for a in answers[:2]] == ["not_complete", "no_yaku"]
    assert (answers[2]["limit"], answers[2]["payments"][0]["amount"], answers[2]["payments"][0]["count"]) == (
        "yakuman",
        16000,
        3,
    )
    assert (answers[3]["limit"], answers[3]["total"]) == ("double_yakuman", 64000)


def test_json_runs_join_the_answers_of_score_json() -> None:
    """``score_json_run`` over 600 unchecked hands of mixed rules, some invalid: walked run by run, its
    chunks are exactly the per-hand ``score_json`` answers joined by commas, and each run stops at the first
    hand ``score_json`` declines or whose rules differ."""
    rng = random.Random(7)
    hands = []
    for body in seeded_hands(600, seed=300):
        preset = rng.choice(("standard", "standard", "standard", "ema"))
        changed = garbled(mutated(body, rng), rng) if rng.random() < 0.3 else body
        try:
            hands.append(_unchecked(msgspec.json.encode(for_preset(changed, preset))))
        except msgspec.ValidationError:
            continue
    i = runs = 0
    while i < len(hands):
        chunk, reached = score_json_run(hands, i, len(hands), 1)
        if reached == i:
            assert score_json(hands[i], 1) is None  # a run starts with its own rules: only a decline stops it
            i += 1
            continue
        runs += 1
        assert chunk == b",".join(score_json(h, 1) or b"?" for h in hands[i:reached])
        assert all(h.rules == hands[i].rules for h in hands[i:reached])
        if reached < len(hands):
            stopper = hands[reached]
            assert stopper.rules != hands[i].rules or score_json(stopper, 1) is None
        i = reached
    assert runs > 20


def test_the_c_code_can_be_switched_off() -> None:
    """``RIICHI_NATIVE=0``: no rule set is prepared for the C code, and the README's hand scores the same."""
    import subprocess
    import sys

    code = (
        "from service.scoring import ScoreRequest, score; from service.scoring.rules_cache import rules_and_table; "
        "r = score(ScoreRequest(hand='234567m23456p99s', win_tile='7p', seat_wind='S', riichi=True, "
        "dora_indicators='1p')); print(rules_and_table('standard')[3] is None, r.points)"
    )
    env = {"RIICHI_NATIVE": "0", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, timeout=60)
    assert out.stdout.split() == ["True", "3900"]
