"""The ground-truth tests (test_ground_truth.py) run last, and their runners start as soon as
the run's tests are known: the cases run on jax in those processes while pytest's own process
(and the second one of tests/second_process.py) runs every other test, and the ground-truth tests
then find their results waiting. Runners the run did not wait for (stopped early) are ended
with it."""

from __future__ import annotations

import pathlib
import sys

import pytest

_GROUND_TRUTH = f"{__package__}.test_ground_truth"
_GROUND_TRUTH_FILE = pathlib.Path(__file__).with_name("test_ground_truth.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    last = [item for item in items if item.path == _GROUND_TRUTH_FILE]
    if last:
        items[:] = [item for item in items if item.path != _GROUND_TRUTH_FILE] + last


def pytest_collection_finish(session: pytest.Session) -> None:
    ground_truth = sys.modules.get(_GROUND_TRUTH)  # imported only where its tests were collected (and jax is there)
    if ground_truth is None or session.config.option.collectonly:
        return
    cases = ground_truth.selected_cases(session)
    if cases:
        session.stash[ground_truth.RUNNERS] = ground_truth.start_runners(cases)


def pytest_sessionfinish(session: pytest.Session) -> None:
    ground_truth = sys.modules.get(_GROUND_TRUTH)
    if ground_truth is not None and ground_truth.RUNNERS in session.stash:
        ground_truth.stop_runners(session.stash[ground_truth.RUNNERS])
