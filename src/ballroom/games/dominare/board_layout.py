"""Where a board side's blocks are drawn: a map of Tempest worked out from the board data.

The map is computed, not drawn by hand, so a redesigned side (or the printed board
entered later) gets its map without new code. It reads only the districts, the blocks
and their adjacency: the hub district (the Canals, the one adjacent to the others) is a
ring of circles in the order its blocks are adjacent; each land district is a grid of
squares in which two blocks share a side exactly when they are adjacent, turned so that
its blocks touching a Canal face the ring, and set outside the ring beside the Canal
blocks it touches, pushed outward until it overlaps nothing. Every Canal contact is a
line on the map. Coordinates are in map units (a block is ``BLOCK`` units wide).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ballroom.games.dominare.components import Board

CELL = 60.0
"""The grid's pitch: a block and the gap beside it."""
BLOCK = 50.0
"""A land block's side, and a Canal block's diameter."""
HEADER = 40.0
"""The room above a district's blocks for its name and value (two lines)."""
NARROWEST = 150.0
"""A district frame's least width, so its name fits above a one-column district."""
PAD = 8.0
"""A district frame's margin around its blocks."""
GAP = 26.0
"""The least room between two district frames, and between a frame and the ring."""
MARGIN = 12.0
SEARCH_LIMIT = 20000
"""Steps the grid search may take before a district falls back to rows."""

Cell = tuple[int, int]
STEPS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
SYMMETRIES: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0),
    (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0),
)  # fmt: skip
"""The square's turns and mirrors, as (a, b, c, d): (x, y) to (a x + b y, c x + d y)."""


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: Box, room: float) -> bool:
        return not (
            self.x + self.w + room <= other.x
            or other.x + other.w + room <= self.x
            or self.y + self.h + room <= other.y
            or other.y + other.h + room <= self.y
        )

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def nearest_to_origin(self) -> float:
        """How far the frame's nearest point lies from the ring's centre."""
        dx = max(self.x, 0.0, -(self.x + self.w))
        dy = max(self.y, 0.0, -(self.y + self.h))
        return math.hypot(dx, dy)


def hub_district(board: Board) -> int:
    """The district adjacent to the others (land districts never are to each other)."""
    crossings = [0] * len(board.district_blocks)
    for index, block in enumerate(board.blocks):
        crossings[block.district] += sum(
            board.blocks[other].district != block.district for other in board.adjacent[index]
        )
    return max(range(len(crossings)), key=lambda d: (crossings[d], -d))


def ring_order(board: Board, blocks: Sequence[int]) -> list[int]:
    """The hub's blocks walked from the first, each next to the one before where it can."""
    members = set(blocks)
    order: list[int] = []
    seen: set[int] = set()
    for start in blocks:
        current: int | None = start
        while current is not None and current not in seen:
            seen.add(current)
            order.append(current)
            unseen = sorted((board.adjacent[current] & members) - seen)
            current = unseen[0] if unseen else None
    return order


def grid_cells(board: Board, blocks: Sequence[int]) -> dict[int, Cell]:
    """Grid cells for a land district's blocks, sharing a side exactly where adjacent;
    rows of a near-square width where no such grid exists."""
    members = set(blocks)
    near = {b: board.adjacent[b] & members for b in blocks}
    order: list[int] = []
    for root in blocks:
        if root in order:
            continue
        queue = [root]
        order.append(root)
        while queue:
            for other in sorted(near[queue.pop(0)]):
                if other not in order:
                    order.append(other)
                    queue.append(other)
    placed: dict[int, Cell] = {}
    taken: set[Cell] = set()
    budget = [SEARCH_LIMIT]

    def fits(block: int, cell: Cell) -> bool:
        if cell in taken:
            return False
        return all(
            (abs(cell[0] - at[0]) + abs(cell[1] - at[1]) == 1) == (other in near[block])
            for other, at in placed.items()
        )

    def place(position: int) -> bool:
        if position == len(order):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        block = order[position]
        anchors = [placed[o] for o in sorted(near[block]) if o in placed]
        if anchors:
            candidates = [(anchors[0][0] + dx, anchors[0][1] + dy) for dx, dy in STEPS]
        else:
            candidates = [(max((c[0] for c in taken), default=-2) + 2, 0)]
        for cell in candidates:
            if fits(block, cell):
                placed[block] = cell
                taken.add(cell)
                if place(position + 1):
                    return True
                del placed[block]
                taken.discard(cell)
        return False

    if place(0):
        return placed
    width = math.ceil(math.sqrt(len(blocks)))
    return {b: (i % width, i // width) for i, b in enumerate(blocks)}


def turned(cells: dict[int, Cell], symmetry: tuple[int, int, int, int]) -> dict[int, Cell]:
    """The grid turned or mirrored, moved back to start at (0, 0)."""
    a, b, c, d = symmetry
    moved = {k: (a * x + b * y, c * x + d * y) for k, (x, y) in cells.items()}
    left = min(x for x, _ in moved.values())
    top = min(y for _, y in moved.values())
    return {k: (x - left, y - top) for k, (x, y) in moved.items()}


def span(count: int) -> float:
    """The width (or height) of ``count`` blocks side by side."""
    return count * CELL - (CELL - BLOCK)


def frame_size(cells: dict[int, Cell]) -> tuple[float, float]:
    columns = max(x for x, _ in cells.values()) + 1
    rows = max(y for _, y in cells.values()) + 1
    return max(span(columns) + 2 * PAD, NARROWEST), span(rows) + 2 * PAD + HEADER


def block_centre(box: Box, cell: Cell, columns: int) -> tuple[float, float]:
    """Where a block of the grid is drawn in its frame (the grid centred across it)."""
    return (
        box.x + (box.w - span(columns)) / 2 + cell[0] * CELL + BLOCK / 2,
        box.y + HEADER + PAD + cell[1] * CELL + BLOCK / 2,
    )


def columns_of(cells: dict[int, Cell]) -> int:
    return max(x for x, _ in cells.values()) + 1


def mean_angle(angles: Iterable[float]) -> float | None:
    """The circular mean of some angles (None for none, or when they cancel out)."""
    listed = list(angles)
    x = sum(math.cos(a) for a in listed)
    y = sum(math.sin(a) for a in listed)
    if not listed or math.hypot(x, y) < 1e-9:
        return None
    return math.atan2(y, x)


def layout(board: Board) -> dict[str, Any]:
    """A side's map: each block's centre and shape, each district's frame, the ring and the
    lines of every adjacency that crosses a district's edge, all within ``width`` x ``height``."""
    hub = hub_district(board)
    ring = ring_order(board, board.district_blocks[hub])
    radius = max(len(ring) * CELL * 1.25 / (2 * math.pi), 2 * CELL)
    angle = {b: 2 * math.pi * i / len(ring) - math.pi / 2 for i, b in enumerate(ring)}
    centre = {b: (radius * math.cos(angle[b]), radius * math.sin(angle[b])) for b in ring}
    lands = [d for d, blocks in enumerate(board.district_blocks) if d != hub and blocks]

    aims: dict[int, float] = {}
    for position, district in enumerate(lands):
        aim = mean_angle(
            angle[c]
            for b in board.district_blocks[district]
            for c in board.adjacent[b]
            if c in angle
        )
        aims[district] = (
            aim if aim is not None else 2 * math.pi * position / len(lands) - math.pi / 2
        )

    frames: dict[int, Box] = {}
    grids: dict[int, dict[int, Cell]] = {}
    for district in sorted(lands, key=lambda d: (aims[d] % (2 * math.pi), d)):
        cells = grid_cells(board, board.district_blocks[district])
        aim = aims[district]
        way = (math.cos(aim), math.sin(aim))
        best: tuple[float, int, dict[int, Cell], Box] | None = None
        for number, symmetry in enumerate(SYMMETRIES):
            grid = turned(cells, symmetry)
            box = outside_ring(frame_size(grid), way, radius, frames)
            reach = sum(
                math.dist(block_centre(box, grid[b], columns_of(grid)), centre[c])
                for b in grid
                for c in board.adjacent[b]
                if c in centre
            )
            if best is None or reach < best[0] - 1e-6:
                best = (reach, number, grid, box)
        assert best is not None
        grids[district], frames[district] = best[2], best[3]

    points: dict[int, tuple[float, float]] = dict(centre)
    for district, grid in grids.items():
        for b, cell in grid.items():
            points[b] = block_centre(frames[district], cell, columns_of(grid))
    half = BLOCK / 2
    left = min(min(x for x, _ in points.values()) - half, *(f.x for f in frames.values()))
    top = min(min(y for _, y in points.values()) - half, *(f.y for f in frames.values()))
    right = max(max(x for x, _ in points.values()) + half, *(f.x + f.w for f in frames.values()))
    bottom = max(max(y for _, y in points.values()) + half, *(f.y + f.h for f in frames.values()))
    dx, dy = MARGIN - left, MARGIN - top

    def at(x: float, y: float) -> list[float]:
        return [round(x + dx, 1), round(y + dy, 1)]

    return {
        "width": round(right - left + 2 * MARGIN, 1),
        "height": round(bottom - top + 2 * MARGIN, 1),
        "size": BLOCK,
        "ring": {"centre": at(0.0, 0.0), "radius": round(radius, 1), "district": hub},
        "blocks": [
            {
                "at": at(*points[b]),
                "shape": "circle" if board.blocks[b].district == hub else "square",
                "number": board.district_blocks[board.blocks[b].district].index(b) + 1,
            }
            for b in range(len(board.blocks))
        ],
        "districts": [
            {"district": d, "at": at(frames[d].x, frames[d].y), "w": frames[d].w, "h": frames[d].h}
            for d in lands
        ],
        "links": sorted(
            [a, b]
            for a in range(len(board.blocks))
            for b in board.adjacent[a]
            if a < b and board.blocks[a].district != board.blocks[b].district
        ),
    }


def outside_ring(
    size: tuple[float, float], way: tuple[float, float], radius: float, frames: dict[int, Box]
) -> Box:
    """A frame of ``size`` centred on the ray ``way``, clear of the ring and of ``frames``."""
    w, h = size
    distance = radius
    while True:
        box = Box(way[0] * distance - w / 2, way[1] * distance - h / 2, w, h)
        clear = box.nearest_to_origin() >= radius + BLOCK / 2 + GAP
        if clear and not any(box.overlaps(other, GAP) for other in frames.values()):
            return box
        distance += CELL / 6


def layouts(boards: Iterable[Board]) -> dict[str, dict[str, Any]]:
    """Every side's map by side name."""
    return {board.side.value: layout(board) for board in boards}
