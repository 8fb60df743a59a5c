"""Which files each worker process checks next (jaxcheck.schedule)."""

from __future__ import annotations

from jaxcheck.schedule import Schedule


def _drain(schedule: Schedule, order: list[int]) -> dict[int, list[str]]:
    taken: dict[int, list[str]] = {worker: [] for worker in set(order)}
    for worker in order:
        taken[worker].extend(schedule.take(worker))
    return taken


def test_every_item_is_taken_once_and_workers_start_on_their_own_regions():
    items = [f"pkg{i // 10}/m{i % 10}.py" for i in range(40)]
    schedule = Schedule(items, [1.0] * 40, workers=2, run_weight=5)
    first = {worker: schedule.take(worker) for worker in (0, 1)}
    assert first[0] == items[0:5] and first[1] == items[20:25]
    rest = _drain(schedule, [0, 1] * 10 + [0] * 10)
    everything = first[0] + first[1] + rest[0] + rest[1]
    assert sorted(everything) == sorted(items) and len(everything) == len(items)
    assert schedule.take(0) == [] and schedule.take(1) == []


def test_a_worker_done_with_its_region_takes_from_the_far_end_of_the_fullest_one():
    items = [f"m{i:02}.py" for i in range(20)]
    schedule = Schedule(items, [1.0] * 20, workers=2, run_weight=4)
    assert schedule.take(0) == items[0:4]
    assert schedule.take(1) == items[10:14]
    for _ in range(2):
        schedule.take(1)  # worker 1 finishes its region (items 10-19)
    assert schedule.take(1) == items[6:10]  # the end of worker 0's region, nearest its own


def test_a_worker_checks_next_the_files_it_already_read():
    items = [f"m{i:02}.py" for i in range(20)]
    schedule = Schedule(items, [1.0] * 20, workers=2, run_weight=3)
    schedule.take(0)
    schedule.read_by(0, ["m15.py", "m17.py", "m01.py", "elsewhere.py"])  # m01 is taken already
    assert schedule.take(0) == ["m15.py", "m17.py"]
    assert schedule.take(0) == items[3:6]  # then on through its own region
    # worker 1 no longer gets the files worker 0 took for their trees
    taken_by_one = _drain(schedule, [1] * 10)[1]
    assert "m15.py" not in taken_by_one and "m17.py" not in taken_by_one


def test_weights_set_the_regions():
    items = ["big.py", "a.py", "b.py", "c.py", "d.py"]
    schedule = Schedule(items, [100.0, 25.0, 25.0, 25.0, 25.0], workers=2, run_weight=1000)
    assert schedule.take(0) == ["big.py"]
    assert schedule.take(1) == ["a.py", "b.py", "c.py", "d.py"]
