"""The map of Tempest the browser draws, computed from a board side's data: every block
placed once, nothing overlapping, a land district's blocks sharing a side exactly where
they are adjacent, every Canal contact a line; on both sides and on boards the data
files do not hold (a side redesigned, a district whose blocks make no grid)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from ballroom.games.dominare import board_layout
from ballroom.games.dominare.board_layout import BLOCK, CELL, layout
from ballroom.games.dominare.components import Block, Board, Side
from ballroom.games.dominare.game import Dominare
from ballroom.games.dominare.turn import CATALOG


def square(centre: list[float]) -> tuple[float, float, float, float]:
    half = BLOCK / 2
    return centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half


def apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def frame(entry: dict[str, Any]) -> tuple[float, float, float, float]:
    x, y = entry["at"]
    return x, y, x + entry["w"], y + entry["h"]


def inside(box: tuple[float, ...], frame_box: tuple[float, ...]) -> bool:
    return (
        frame_box[0] <= box[0] and box[2] <= frame_box[2] and frame_box[1] <= box[1]
        and box[3] <= frame_box[3]
    )  # fmt: skip


def check(board: Board) -> dict[str, Any]:
    """Every property the page relies on; the map, for more checks."""
    drawn = layout(board)
    blocks = drawn["blocks"]
    assert len(blocks) == len(board.blocks)
    boxes = [square(b["at"]) for b in blocks]
    for box in boxes:
        assert box[0] >= 0 and box[1] >= 0
        assert box[2] <= drawn["width"] and box[3] <= drawn["height"]
    for a, b in itertools.combinations(range(len(boxes)), 2):
        assert apart(boxes[a], boxes[b]), (board.blocks[a].id, board.blocks[b].id)
    hub = drawn["ring"]["district"]
    frames = {entry["district"]: frame(entry) for entry in drawn["districts"]}
    assert set(frames) == {d for d, held in enumerate(board.district_blocks) if held} - {hub}
    for one, other in itertools.combinations(frames.values(), 2):
        assert apart(one, other)
    for index, block in enumerate(board.blocks):
        home = frames.get(block.district)
        assert (blocks[index]["shape"] == "circle") == (block.district == hub)
        for district, box in frames.items():
            if district == block.district:
                assert inside(boxes[index], box), block.id
            else:
                assert apart(boxes[index], box), (block.id, district)
        assert home is not None or block.district == hub
    assert sorted(map(tuple, drawn["links"])) == sorted(
        (a, b)
        for a in range(len(board.blocks))
        for b in board.adjacent[a]
        if a < b and board.blocks[a].district != board.blocks[b].district
    )
    return drawn


def sharing_a_side(drawn: dict[str, Any], a: int, b: int) -> bool:
    first: list[float] = drawn["blocks"][a]["at"]
    second: list[float] = drawn["blocks"][b]["at"]
    near, far = sorted((abs(first[0] - second[0]), abs(first[1] - second[1])))
    return near < 0.5 and abs(far - CELL) < 0.5  # coordinates come rounded to 0.1


@pytest.mark.parametrize("side", list(Side))
def test_each_side_is_drawn_from_its_data(side: Side) -> None:
    board = CATALOG.boards[side]
    drawn = check(board)
    for district, held in enumerate(board.district_blocks):
        if district == drawn["ring"]["district"]:
            continue
        for a, b in itertools.combinations(held, 2):
            assert sharing_a_side(drawn, a, b) == (b in board.adjacent[a]), (a, b)
        numbers = sorted(drawn["blocks"][b]["number"] for b in held)
        assert numbers == list(range(1, len(held) + 1))


def test_the_canals_are_the_ring_and_the_page_gets_both_maps() -> None:
    maps = Dominare(2).components_json()["maps"]
    assert set(maps) == {side.value for side in Side}
    for side, board in CATALOG.boards.items():
        hub = maps[side.value]["ring"]["district"]
        assert CATALOG.districts[hub].id == "canals"
        assert maps[side.value] == layout(board)


def made_board(
    districts: list[list[int]], edges: list[tuple[int, int]], side: Side = Side.SMALL
) -> Board:
    """A board of ``districts`` (each a list of block indices) joined by ``edges``."""
    district_of = {b: d for d, held in enumerate(districts) for b in held}
    count = len(district_of)
    near: list[set[int]] = [set() for _ in range(count)]
    for a, b in edges:
        near[a].add(b)
        near[b].add(a)
    return Board(
        side,
        tuple(Block(f"b{i}", district_of[i], 0) for i in range(count)),
        tuple(frozenset(n) for n in near),
        tuple(tuple(held) for held in districts),
    )


def test_a_redesigned_side_gets_a_map_without_new_code() -> None:
    """A Merchant Quarter block touching two Canal blocks (as the rulebook's map example),
    a land district whose blocks make no grid (three mutually adjacent), and one touching
    no Canal at all."""
    ring = [0, 1, 2, 3, 4]
    merchant = [5, 6, 7, 8]
    triangle = [9, 10, 11]
    alone = [12, 13]
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]
    edges += [(5, 6), (6, 7), (5, 8), (5, 1), (5, 2), (7, 2)]
    edges += [(9, 10), (10, 11), (9, 11), (11, 4)]
    edges += [(12, 13)]
    board = made_board([ring, merchant, triangle, alone], edges)
    drawn = check(board)
    assert drawn["ring"]["district"] == 0
    assert sharing_a_side(drawn, 5, 6) and sharing_a_side(drawn, 5, 8)
    assert not sharing_a_side(drawn, 6, 8)


def test_the_grid_search_gives_up_to_rows_where_no_grid_exists() -> None:
    board = made_board(
        [[0, 1, 2], [3, 4, 5]], [(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (3, 0)]
    )
    cells = board_layout.grid_cells(board, (3, 4, 5))
    assert cells == {3: (0, 0), 4: (1, 0), 5: (0, 1)}
