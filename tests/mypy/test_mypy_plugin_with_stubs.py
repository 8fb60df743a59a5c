"""The plugin with the opt-in jax stubs installed: together they report every check that either
reports alone.

The data files are checked three times in an environment like a user's: the plugin over jax's own
types, the stubs alone, and both. Every ``jaxcheck-*`` message of the plugin alone must come back
with the stubs (the stubs type ``jax.jit(static_argnames=...)`` as a ``JitDecorator``, which the
plugin once left alone, losing the checks of that decorator form), and every line the stubs alone
report in a ``fail_*`` file must still be reported with the plugin.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy.api", reason="the mypy plugin tests need mypy (the test extras)")

from mypy_expectations import read_header  # noqa: E402

REPOSITORY = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPOSITORY / "tests" / "stubs"))
from stub_checkers import environment, installed_stub_locations, mypy_process, side_by_side  # noqa: E402

DATA = Path(__file__).parent / "data"
_MESSAGE = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): error: (?P<text>.*)$")


def _data_files() -> list[Path]:
    """The data files checked with the plugin and the default configuration."""
    return [
        path for path in sorted(DATA.glob("*.py"))
        if read_header(path).plugin and not read_header(path).config and not read_header(path).requires
    ]


def _errors(python: Path, cache_dir: Path, tmp_path: Path, *, plugin: bool) -> set[tuple[str, int, str]]:
    config = tmp_path / f"mypy-{python.parent.parent.name}-{plugin}.ini"
    plugins = "plugins = jaxcheck.mypy\n" if plugin else ""
    config.write_text(
        f"[mypy]\n{plugins}mypy_path = {REPOSITORY}\n\n[mypy-jaxcheck.*]\nfollow_imports = skip\n"
    )
    stdout, stderr, _ = mypy_process(
        ["--config-file", str(config), "--python-executable", str(python), "--cache-dir", str(cache_dir),
         "--show-error-codes", "--no-error-summary", "--hide-error-context", "--no-pretty",
         *map(str, _data_files())]
    )  # fmt: skip
    assert "INTERNAL ERROR" not in stdout + stderr, stdout + stderr
    found = set()
    for line in stdout.splitlines():
        match = _MESSAGE.match(line)
        if match:
            found.add((Path(match["file"]).name, int(match["line"]), match["text"]))
    return found


@pytest.mark.slow
def test_stubs_and_plugin_keep_every_check_of_each(
    tmp_path_factory: pytest.TempPathFactory, mypy_cache_root: Path
) -> None:
    if installed_stub_locations():
        pytest.skip("jax-stubs is installed in this environment: no environment without them")
    work = tmp_path_factory.mktemp("plugin-with-stubs")
    with_stubs, without_stubs = environment(work, "stubs"), environment(work, "nostubs")
    # Three configurations, three caches (shared with the other mypy tests of the session), run
    # side by side.
    plugin_alone, stubs_alone, both = side_by_side(
        functools.partial(_errors, without_stubs, mypy_cache_root / "nostubs-plugin", work, plugin=True),
        functools.partial(_errors, with_stubs, mypy_cache_root / "stubs", work, plugin=False),
        functools.partial(_errors, with_stubs, mypy_cache_root / "stubs-plugin", work, plugin=True),
    )

    plugin_checks = {error for error in plugin_alone if "[jaxcheck-" in error[2]}
    assert plugin_checks, "the data files hold no plugin check"
    lost_from_plugin = sorted(plugin_checks - both)
    assert not lost_from_plugin, "\n".join(map(str, lost_from_plugin))

    lines_with_both = {(name, line) for name, line, _ in both}
    lost_from_stubs = sorted(
        error for error in stubs_alone
        if error[0].startswith("fail_") and (error[0], error[1]) not in lines_with_both
    )
    assert not lost_from_stubs, "\n".join(map(str, lost_from_stubs))
