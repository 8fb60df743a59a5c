"""The pytest plugin (entry point ``pytest11``; inactive until used).

- ``pytest --jaxcheck``: each test runs with JAX's instrumentation (see ``instrument``; keys
  are recorded, every reuse and the run going on, when the project has key findings); the
  terminal summary shows, per test, the compile table of the project's jitted functions with the
  reason for each recompile and what the jaxpr audit found in the programs the test compiled,
  then every static finding of the files that ran with the verdict the tests gave it. What each
  jitted function was called with is kept for `jaxcheck validate` (``recorded_inputs``).
- ``@pytest.mark.jax_max_compiles(n)``: the test fails when one of the project's own jitted
  functions (defined under the rootdir, outside site-packages) compiles more than ``n`` times
  during it, naming the function, its count and why it recompiled. Eager single-operation
  dispatch (``jnp.ones(3)``) compiles functions defined inside JAX and never counts.

Nothing here imports jax or the checker until one of the two is used.
"""

from __future__ import annotations

import os
import pathlib
from typing import Any

import pytest

_MARKER = "jax_max_compiles"
_STATE = pytest.StashKey[dict]()
_STATUS_RANK = {"confirmed": 2, "refuted": 1, "inconclusive": 0}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jaxcheck")
    group.addoption(
        "--jaxcheck", action="store_true", default=False,
        help="report compiles per jitted function, their reasons, and the verdict the tests give each static finding",
    )
    group.addoption(
        "--jaxcheck-json", metavar="FILE", default=None,
        help="with --jaxcheck, also write the report as JSON to FILE",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{_MARKER}(n): fail when a jitted function of this project compiles more than n times in the test",
    )
    config.stash[_STATE] = {
        "static": None, "tests": [], "verdicts": {}, "unsettled": {}, "seconds": 0.0, "targets": None, "jit_sites": None, "reached": set(),
        "calls": [], "plugin_errors": [], "collection_errors": [],
    }
    if config.getoption("--jaxcheck"):
        # before collection: test modules and the project apply `jax.jit` when they are imported
        from .jit_sites import JitSites

        jit_sites = config.stash[_STATE]["jit_sites"] = JitSites(_in_project(config))
        jit_sites.start()


def pytest_unconfigure(config: pytest.Config) -> None:
    state = config.stash.get(_STATE, None)
    if state is not None and state["jit_sites"] is not None:
        state["jit_sites"].stop()


def _in_project(config: pytest.Config) -> Any:
    root = str(_project(config)) + os.sep
    return lambda path: path.startswith(root) and "site-packages" not in path


def _project(config: pytest.Config) -> pathlib.Path:
    """The project's directory: where pytest was started, when that lies inside its rootdir
    (a rootdir found without an ini file can be far above the project)."""
    root = pathlib.Path(str(config.rootpath)).resolve()
    started = pathlib.Path(str(config.invocation_params.dir)).resolve()
    return started if started == root or root in started.parents else root


def _static(config: pytest.Config) -> Any:
    """The static check of the project, once per session. Its failure never fails a test: it is
    reported once in the summary, and the run goes on without static findings."""
    state = config.stash[_STATE]
    if state["static"] is None:
        from ..api import CheckResult, check_paths
        from ..config import load_config

        root = _project(config)
        try:
            state["static"] = check_paths([str(root)], load_config(None, start=root), jobs=None, use_cache=True)
        except Exception as error:  # noqa: BLE001 - the tests must run whatever the checker does
            state["static"] = CheckResult()
            state["static_error"] = f"the static check of {root} failed: {type(error).__name__}: {error}"
    return state["static"]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    marker = item.get_closest_marker(_MARKER)
    reporting = item.config.getoption("--jaxcheck")
    if marker is None and not reporting:
        return (yield)
    import time

    from .instrument import Recorder

    budget = _budget(marker) if marker is not None else None
    state = item.config.stash[_STATE]
    recorder = None
    try:
        static = _static(item.config) if reporting else None
        flagged = _flagged(static) if static is not None else {}
        recorder = Recorder(
            flagged, user_path=_in_project(item.config), jit_sites=state["jit_sites"],
            record_keys=static is not None and _has_key_findings(static),
        )
    except Exception as failure:  # noqa: BLE001 - the plugin's failure is never the test's
        _plugin_error(state, item, "could not instrument the test", failure)
        recorder = None
    if recorder is not None and not _quietly(state, item, "could not instrument the test", recorder.start):
        _quietly(state, item, "could not undo a partial instrumentation", recorder.stop)
        recorder = None
    if recorder is None:
        return (yield)
    error: BaseException | None = None
    started = time.perf_counter()
    try:
        return (yield)
    except BaseException as raised:
        error = raised
        raise
    finally:
        recorded = _quietly(state, item, "could not stop the instrumentation", recorder.stop)
        state["seconds"] += time.perf_counter() - started
        if reporting and recorded:
            _quietly(state, item, "could not record what the test did", lambda: _record(item, recorder, error))
        if budget is not None and error is None and recorded:
            _enforce(recorder, budget)


def _quietly(state: dict, item: pytest.Item | None, doing: str, action: Any) -> bool:
    """Run ``action``; a failure of the plugin's own is kept for the summary, never raised into the test."""
    try:
        action()
    except Exception as failure:  # noqa: BLE001 - the plugin's failure is never the test's
        _plugin_error(state, item, doing, failure)
        return False
    return True


def _plugin_error(state: dict, item: pytest.Item | None, doing: str, failure: BaseException) -> None:
    where = f"{item.nodeid}: " if item is not None else ""
    state["plugin_errors"].append(f"{where}jaxcheck {doing}: {type(failure).__name__}: {failure}")


def _budget(marker: pytest.Mark) -> int:
    value = marker.args[0] if marker.args else marker.kwargs.get("n")
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise pytest.UsageError(f"@pytest.mark.{_MARKER}(n) needs a non-negative int n, got {value!r}")
    return value


def _enforce(recorder: Any, budget: int) -> None:
    from .report import over_budget

    over = [c for c in recorder.compilations() if c.compiles > budget]
    if over:
        pytest.fail("jaxcheck: " + "\n".join(over_budget(over, budget)), pytrace=False)


def _has_key_findings(static: Any) -> bool:
    """Whether keys are worth recording: eager code with the key ledger runs 2-3x slower."""
    return any(d.code.startswith("JAX5") for d in static.diagnostics)


def _flagged(static: Any) -> dict[str, set[int]]:
    from .run import flagged_lines

    return flagged_lines(static)


def _record(item: pytest.Item, recorder: Any, error: BaseException | None) -> None:
    from .evidence import RunFacts, TargetLines, judge_file, reached
    from .run import read_source

    state = item.config.stash[_STATE]
    facts = RunFacts(recorder, error, device=f"test {item.nodeid}")
    if state["targets"] is None:
        state["targets"] = TargetLines(read_source)
    targets = state["targets"]
    verdicts = state["verdicts"]
    judged = []
    for file_result in _static(item.config).files:
        if not file_result.diagnostics:
            continue
        for diagnostic in judge_file(file_result, facts, targets).diagnostics:
            key = (diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.code)
            if key not in state["reached"] and reached(diagnostic, facts):
                state["reached"].add(key)
            validation = diagnostic.validation
            if validation is not None and validation.status == "inconclusive" and key in state["reached"]:
                state["unsettled"].setdefault(key, diagnostic)  # what the first test to reach it showed
            if validation is None or validation.status == "inconclusive":
                continue
            judged.append(diagnostic)
            best = verdicts.get(key)
            if best is None or _STATUS_RANK[validation.status] > _STATUS_RANK[best.validation.status]:
                verdicts[key] = diagnostic
    audit = facts.audit_findings()
    state["tests"].append((item.nodeid, recorder.compilations(), judged, audit))
    state["calls"] += [(call, f"`pytest --jaxcheck` ({item.nodeid})") for call in recorder.recorded_calls() if call.call is not None]
    for call in recorder.calls.traced:
        call.program = None  # the audit is done: keep only the arguments, until the session ends


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if not config.getoption("--jaxcheck"):
        return
    try:
        _summary(terminalreporter, config)
    except Exception as failure:  # noqa: BLE001 - the report's failure is never the run's
        terminalreporter.write_line(f"jaxcheck: warning: could not write the report: {type(failure).__name__}: {failure}")


def _summary(terminalreporter: Any, config: pytest.Config) -> None:
    from .recorded_inputs import save
    from .report import audited, compile_table, findings

    state = config.stash[_STATE]
    write = terminalreporter.write_line
    terminalreporter.section("jaxcheck")
    for nodeid, compilations, judged, audit in state["tests"]:
        if not compilations and not judged and not audit:
            continue
        write(nodeid)
        for line in compile_table(compilations, "  "):
            write(line)
        for line in findings(judged, "  "):
            write(line)
        for line in audited(audit, "  "):
            write(line)
    _quietly(state, None, "could not keep the recorded inputs", lambda: save(state["calls"]))
    static = state["static"]
    total = len(static.diagnostics) if static is not None else 0
    verdicts = list(state["verdicts"].values())
    confirmed = sum(1 for d in verdicts if d.validation.status == "confirmed")
    if state.get("static_error"):
        write(f"jaxcheck: {state['static_error']}")
    reported = len(state["plugin_errors"])
    for error in state["plugin_errors"]:
        write(f"jaxcheck: warning: {error} (the test's outcome is its own)")
    write(
        f"jaxcheck: {total} static finding{'s' * (total != 1)} under {_project(config)}; the tests confirmed "
        f"{confirmed} and refuted {len(verdicts) - confirmed}; {state['seconds']:.1f} s in instrumented tests"
    )
    for line in findings(sorted(verdicts, key=lambda d: d.sort_key()), "  "):
        write(line)
    # test files that could not be collected (an import that fails): their tests never ran
    state["collection_errors"] = [
        {"file": report.nodeid, "error": (str(report.longrepr).strip().splitlines() or [""])[-1]}
        for report in terminalreporter.stats.get("error", [])
        if isinstance(report, pytest.CollectReport) and report.failed
    ]
    target = config.getoption("--jaxcheck-json")
    if target:
        _quietly(state, None, f"could not write {target}", lambda: _write_json(pathlib.Path(target), state))
    for error in state["plugin_errors"][reported:]:
        write(f"jaxcheck: warning: {error}")


def _write_json(target: pathlib.Path, state: dict) -> None:
    """Per test: compile table and verdicts; overall: every finding of the files that ran."""
    import json
    import sys

    ran = {str(pathlib.Path(m.__file__).resolve()) for m in list(sys.modules.values()) if isinstance(getattr(m, "__file__", None), str)}
    static = state["static"]
    in_ran = [d for d in static.diagnostics if str(pathlib.Path(d.path).resolve()) in ran] if static is not None else []
    best = {(d.path, d.line, d.column, d.code): d for d in state["verdicts"].values()}
    data = {
        "tests": [
            {
                "test": nodeid, "compilations": [c.to_json() for c in rows], "diagnostics": [d.to_json() for d in judged],
                "audit": [f.to_json() for f in audit],
            }
            for nodeid, rows, judged, audit in state["tests"]
        ],
        "findings_in_files_that_ran": [
            {**best.get(key, state["unsettled"].get(key, d)).to_json(), "reached": key in state["reached"]}
            for d in in_ran
            for key in [(d.path, d.line, d.column, d.code)]
        ],
        "seconds_instrumented": round(state["seconds"], 3),
        "plugin_errors": state["plugin_errors"],
        "collection_errors": state["collection_errors"],
    }
    target.write_text(json.dumps(data, indent=1), encoding="utf-8")
