"""``tiles.count_hand`` builds the suit keys and the kind mask that the hand would give, in its counting pass.

``Hand`` takes them from it instead of looping over the 34 counts; a wrong bit would change a
hand's decomposition or its facts. Compared, on any mpsz string of at most 7 copies a kind (the
3-bit fields), with ``decompose.suit_key`` and ``hand.kind_mask`` of the counts, and ``over``
with "some count passed 4".
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.scoring.decompose import suit_key
from service.scoring.hand import kind_mask
from service.scoring.tiles import SuitKeys, count_hand, count_mpsz

MPSZ_ALPHABET = "0123456789mpsz"


@given(st.text(alphabet=MPSZ_ALPHABET, max_size=24))
def test_count_hand_keys_are_those_of_its_counts(text: str) -> None:
    counts, reds, keys = [0] * 34, [0, 0, 0], SuitKeys()
    n = count_hand(text, counts, reds, keys)
    assert n == count_mpsz(text, [0] * 34, [0, 0, 0])
    if n < 0 or max(counts) > 7:
        return
    assert [keys.man, keys.pin, keys.sou] == [suit_key(counts, base) for base in (0, 9, 18)]
    assert keys.mask == kind_mask([k for k in range(34) if counts[k]])
    assert keys.over == (max(counts) > 4)


def test_the_dragons_bits() -> None:
    keys = SuitKeys()
    assert count_hand("567z", [0] * 34, [0, 0, 0], keys) == 3
    assert keys.mask == (1 << 31) | (1 << 32) | (1 << 33)
