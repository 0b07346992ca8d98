"""``payments.hand_points`` (what readings are compared on) is the ``points`` of ``payments``."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.scoring.payments import hand_points, payments


@given(base=st.integers(min_value=0, max_value=48_000), dealer=st.booleans(), tsumo=st.booleans())
def test_hand_points_is_the_points_of_payments(base: int, dealer: bool, tsumo: bool) -> None:
    assert hand_points(base, dealer=dealer, tsumo=tsumo) == payments(base, dealer=dealer, tsumo=tsumo).points


def test_hand_points_by_hand() -> None:
    # 30 fu 4 han base 1920: non-dealer ron 4 × 1920 = 7680 → 7700; dealer tsumo 2 × 1920 = 3840 → 3900 × 3.
    assert hand_points(1920, dealer=False, tsumo=False) == 7700
    assert hand_points(1920, dealer=True, tsumo=True) == 11700
    # non-dealer tsumo: 3840 → 3900 from the dealer, 1920 → 2000 from each other player.
    assert hand_points(1920, dealer=False, tsumo=True) == 7900
