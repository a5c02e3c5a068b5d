"""The order the project's tests run in (tests/conftest.py): every xdist worker starts on its share of the heavy tests."""

from __future__ import annotations

from conftest import heavy_first_in_every_block


def worksteal_blocks(items: list, workers: int) -> list[list]:
    """The blocks xdist's worksteal scheduler first hands out: what is left, over the workers left."""
    blocks, rest = [], list(items)
    for worker in range(workers):
        size = len(rest) // (workers - worker)
        blocks.append(rest[:size])
        del rest[:size]
    return blocks


def test_each_workers_first_block_starts_with_its_share_of_the_heavy_tests():
    items = list(range(40))
    heavy = {2, 5, 11, 12, 30, 31, 39}
    laid_out = heavy_first_in_every_block(items, 3, heavy.__contains__, module_of=lambda item: item)
    assert sorted(laid_out) == items
    blocks = worksteal_blocks(laid_out, 3)
    shares = [[item for item in block if item in heavy] for block in blocks]
    assert [len(share) for share in shares] == [3, 2, 2]
    for block, share in zip(blocks, shares):
        assert block[:len(share)] == share
    light = [item for item in laid_out if item not in heavy]
    assert light == sorted(light)  # the light tests keep their order


def test_the_heavy_tests_of_one_module_stay_in_one_block():
    module = {item: "a" if item < 10 else "b" if item < 30 else "c" for item in range(40)}
    heavy = {1, 2, 3, 4, 12, 13, 35}
    blocks = worksteal_blocks(heavy_first_in_every_block(list(range(40)), 3, heavy.__contains__, module.get), 3)
    homes = {module[item]: index for index, block in enumerate(blocks) for item in block if item in heavy}
    assert sorted(homes.values()) == [0, 1, 2]  # three modules, three blocks
    for index, block in enumerate(blocks):
        assert all(homes[module[item]] == index for item in block if item in heavy)


def test_one_worker_runs_every_heavy_test_first():
    laid_out = heavy_first_in_every_block(list(range(10)), 1, {4, 8}.__contains__)
    assert laid_out == [4, 8, 0, 1, 2, 3, 5, 6, 7, 9]
