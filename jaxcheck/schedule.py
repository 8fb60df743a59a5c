"""Which files each worker process checks next, so that each module is read by as few processes
as possible.

The analysis of a file reads the modules it imports (parsed and collected once per process,
see :mod:`jaxcheck.analysis.syntax.project`); a module read by two processes is parsed twice. Files of
one package import each other, so each worker starts on its own contiguous region of the files
in path order (regions of about equal size) and goes forward through it. A worker that has read
a module for another file's analysis checks that module's own file next, where no other worker
has taken it: its tree is already there. A worker whose region is done takes files from the far
end of the region with the most left, so all stay busy to the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

Item = TypeVar("Item")


class Schedule(Generic[Item]):
    """Runs of ``items`` of about ``run_weight`` in total ``weights`` for ``workers`` workers."""

    def __init__(self, items: Sequence[Item], weights: Sequence[float], workers: int, run_weight: float) -> None:
        self.items, self.weights, self.run_weight = items, weights, run_weight
        self._index = {item: i for i, item in enumerate(items)}
        self._taken = [False] * len(items)
        self._warm: list[list[int]] = [[] for _ in range(workers)]
        total, bounds, reached = sum(weights), [0], 0.0
        for index, weight in enumerate(weights):
            reached += weight
            if len(bounds) < workers and reached >= total * len(bounds) / workers:
                bounds.append(index + 1)
        bounds += [len(items)] * (workers + 1 - len(bounds))
        self._regions = [[bounds[i], bounds[i + 1]] for i in range(workers)]  # [first left, end)

    def read_by(self, worker: int, items: Iterable[Item]) -> None:
        """``worker`` has read ``items`` (as dependencies of the files it checked)."""
        warm = self._warm[worker]
        warm.extend(i for i in map(self._index.get, items) if i is not None and not self._taken[i])
        warm.sort(reverse=True)  # taken from the end: in path order

    def take(self, worker: int) -> list[Item]:
        """The next run for ``worker``; empty when every item is taken."""
        run = self._take_warm(worker) or self._take_forward(self._regions[worker])
        if not run:
            region = max(self._regions, key=self._weight_left)
            run = self._take_backward(region)
        for index in run:
            self._taken[index] = True
        return [self.items[index] for index in sorted(run)]

    def _take_warm(self, worker: int) -> list[int]:
        warm, run, weight = self._warm[worker], [], 0.0
        while warm and weight < self.run_weight:
            index = warm.pop()
            if not self._taken[index] and index not in run:
                run.append(index)
                weight += self.weights[index]
        return run

    def _take_forward(self, region: list[int]) -> list[int]:
        return self._take_run(region, 0, 1)

    def _take_backward(self, region: list[int]) -> list[int]:
        return self._take_run(region, 1, -1)

    def _take_run(self, region: list[int], end: int, step: int) -> list[int]:
        """Items not taken yet from ``region``'s start (``end`` 0, ``step`` 1) or from its end
        (``end`` 1, ``step`` -1), about one run's weight and at least one item."""
        run: list[int] = []
        weight = 0.0
        while region[0] < region[1] and (weight < self.run_weight or not run):
            index = region[end] if step > 0 else region[end] - 1
            region[end] += step
            if not self._taken[index]:
                run.append(index)
                weight += self.weights[index]
        return run

    def _weight_left(self, region: list[int]) -> float:
        return sum(self.weights[i] for i in range(region[0], region[1]) if not self._taken[i])
