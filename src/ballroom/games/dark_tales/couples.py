"""The best pairing of a Ball: a maximum-weight matching of Males and Females.

At a Ball each player forms Male-Female couples; a couple is worth what its
two cards score (RULINGS, Dark Tales with Cinderella 4: the engine offers the
player's best pairing and lets it pick another). The matching is found by
successive shortest augmenting paths (Bellman-Ford on the residual graph,
costs the negated weights): each path adds one couple at the least cost, and
the search stops at the first path that would not add VP. Ties go to the
earlier cards in the order given, so the same table always gives the same
pairing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Couple = tuple[int, int]
"""A Male and a Female."""


def best_couples(
    males: Sequence[int], females: Sequence[int], weights: Mapping[Couple, int]
) -> list[Couple]:
    """The couples of the greatest total weight; ``weights`` lists the allowed couples."""
    left, right = len(males), len(females)
    source, sink = left + right, left + right + 1
    nodes = sink + 1
    capacity = [[0] * nodes for _ in range(nodes)]
    cost = [[0] * nodes for _ in range(nodes)]
    edges: list[list[int]] = [[] for _ in range(nodes)]

    def edge(a: int, b: int, weight: int) -> None:
        capacity[a][b], capacity[b][a] = 1, 0
        cost[a][b], cost[b][a] = -weight, weight
        edges[a].append(b)
        edges[b].append(a)

    for i in range(left):
        edge(source, i, 0)
    for j in range(right):
        edge(left + j, sink, 0)
    for i, male in enumerate(males):
        for j, female in enumerate(females):
            if (male, female) in weights:
                edge(i, left + j, weights[(male, female)])
    while True:
        distance = [UNREACHED] * nodes
        distance[source] = 0
        came = [0] * nodes
        for _ in range(nodes):
            changed = False
            for a in [node for node in range(nodes) if distance[node] < UNREACHED]:
                for b in edges[a]:
                    if capacity[a][b] and distance[a] + cost[a][b] < distance[b]:
                        distance[b] = distance[a] + cost[a][b]
                        came[b] = a
                        changed = True
            if not changed:
                break
        if distance[sink] == UNREACHED or distance[sink] >= 0:
            break
        node = sink
        while node != source:
            capacity[came[node]][node] -= 1
            capacity[node][came[node]] += 1
            node = came[node]
    return [
        (male, females[j])
        for i, male in enumerate(males)
        for j in range(right)
        if capacity[left + j][i]
    ]


UNREACHED = 1 << 30
"""The distance of a node no path reaches yet (the nodes are relaxed in their order, those
reached when a pass begins)."""
