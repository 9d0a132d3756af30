"""zones.shuffle_list is Random.shuffle without its call per card: the same order from the same RNG state, and
the RNG left in the same state after it (so every later draw, and every golden log, is unchanged)."""
import random

from cardlang.runtime.zones import shuffle_list


def test_the_same_permutation_and_the_same_rng_state_as_random_shuffle() -> None:
    # sizes around powers of two (where the bits drawn per index change), and past the sizes whose steps are
    # kept (zones._PLANNED), twice each (the second from the kept steps)
    for size in (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 15, 16, 17, 31, 32, 33, 60, 129, 255, 256, 257, 513, 1100) * 2:
        for seed in range(6):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle_list(ours, a)
            theirs.shuffle(b)
            assert a == b, (size, seed)
            assert ours.getstate() == theirs.getstate(), (size, seed)


def test_a_random_of_another_kind_shuffles_itself() -> None:
    class Reversing(random.Random):
        def shuffle(self, x) -> None:  # type: ignore[override]
            x.reverse()

    x = [1, 2, 3]
    shuffle_list(Reversing(0), x)
    assert x == [3, 2, 1]
