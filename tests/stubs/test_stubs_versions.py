"""The oldest and the newest supported jax: stubs generated for each make mypy and basedpyright
flag exactly the probes of ``data/versions_probe.py`` that raise on that jax, no more, no fewer.

The newest is the jax of this interpreter. The oldest lives in another environment, which the
test builds once from the package index (``pip install jax==0.4.30 jaxlib==0.4.30``, about a
minute, binary wheels only) and keeps in pytest's cache directory, so later runs and CI jobs
that cache ``.pytest_cache`` reuse it. Where it cannot be built (no network, no wheels for this
Python) the test is skipped and says why. ``JAXCHECK_OLDEST_JAX_PYTHON`` names an interpreter
with the oldest jax to use instead.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from stub_checkers import REPO, pyright_command

from jaxcheck.stubs.installed import SUPPORTED_JAX

PROBE = Path(__file__).parent / "data" / "versions_probe.py"
OLDEST_JAX = "0.4.30"
# jaxlib 0.4.30 has wheels for CPython 3.9 to 3.12.
OLDEST_JAX_PYTHONS = ((3, 9), (3, 12))
# Within the suite's 10-minute budget; pip caches what it downloaded, so a retry goes further.
INSTALL_TIMEOUT = 240


@pytest.fixture(scope="session")
def oldest_jax_python(request: pytest.FixtureRequest) -> str:
    """An interpreter with the oldest supported jax: named, cached, or built now."""
    named = os.environ.get("JAXCHECK_OLDEST_JAX_PYTHON")
    if named:
        return named
    low, high = OLDEST_JAX_PYTHONS
    if not low <= sys.version_info[:2] <= high:
        pytest.skip(f"jax {OLDEST_JAX} has no wheels for Python {sys.version_info[0]}.{sys.version_info[1]}")
    cache = getattr(request.config, "cache", None)
    if cache is None:
        pytest.skip(f"pytest's cache is off (-p no:cacheprovider): nowhere to keep jax {OLDEST_JAX}")
    directory = Path(cache.mkdir(f"jaxcheck-jax-{OLDEST_JAX}-py{sys.version_info[0]}{sys.version_info[1]}"))
    python = directory / "bin" / "python"
    if _jax_version(python) != OLDEST_JAX:
        problem = _build_environment(directory, python)
        if problem is not None:
            pytest.skip(f"no environment with jax {OLDEST_JAX} from the package index: {problem}")
    return str(python)


def _jax_version(python: Path) -> str | None:
    if not python.exists():
        return None
    result = subprocess.run(
        [str(python), "-c", "import jax; print(jax.__version__)"], capture_output=True, text=True, check=False
    )
    return result.stdout.strip() if result.returncode == 0 else None


def _build_environment(directory: Path, python: Path) -> str | None:
    """Build a virtual environment with the oldest jax in ``directory``; why not, if it failed."""
    import venv

    venv.EnvBuilder(with_pip=True, clear=True).create(directory)
    install = [
        str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--only-binary=:all:",
        f"jax=={OLDEST_JAX}", f"jaxlib=={OLDEST_JAX}",
    ]  # fmt: skip
    try:
        result = subprocess.run(install, capture_output=True, text=True, timeout=INSTALL_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return f"pip took longer than {INSTALL_TIMEOUT} s"
    if result.returncode != 0:
        return (result.stderr.strip().splitlines() or ["pip failed"])[-1]
    return None if _jax_version(python) == OLDEST_JAX else f"jax {OLDEST_JAX} does not import"


def _probe_lines() -> dict[str, range]:
    """Each probe function's lines (1-based)."""
    lines = PROBE.read_text(encoding="utf-8").splitlines()
    starts = [(n, m.group(1)) for n, line in enumerate(lines, 1) if (m := re.match(r"def (probe_\w+)", line))]
    ends = [n for n, _ in starts[1:]] + [len(lines) + 1]
    return {name: range(start, end) for (start, name), end in zip(starts, ends)}


def _run(python: str, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> str:
    result = subprocess.run(
        [python, *args], capture_output=True, text=True, check=False, env=env, cwd=cwd
    )
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return result.stdout


def _flagged(lines: list[int]) -> set[str]:
    return {name for name, span in _probe_lines().items() if any(line in span for line in lines)}


@pytest.mark.parametrize("which", ["newest", "oldest"])
def test_checkers_flag_exactly_the_probes_that_raise(
    which: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    python = sys.executable if which == "newest" else request.getfixturevalue("oldest_jax_python")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    ran = json.loads(_run(python, str(PROBE), env=env))
    assert SUPPORTED_JAX.contains(ran["jax"])
    raising = {name for name, outcome in ran["outcomes"].items() if outcome != "runs"}
    output = str(tmp_path / "stubs" / "jax-stubs")
    _run(python, "-m", "jaxcheck.stubs", "generate", "--output", output, env=env)

    config = {"typeCheckingMode": "standard", "extraPaths": [str(tmp_path / "stubs")]}
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config), encoding="utf-8")
    report = json.loads(
        _run(*pyright_command(), "--outputjson", "--pythonpath", python, str(PROBE), cwd=tmp_path)
    )
    pyright_lines = [
        d["range"]["start"]["line"] + 1 for d in report["generalDiagnostics"] if d["severity"] == "error"
    ]
    (tmp_path / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    mypy_output = _run(
        sys.executable, "-m", "mypy", "--config-file", str(tmp_path / "mypy.ini"),
        "--python-executable", python, "--cache-dir", str(tmp_path / "mypy-cache"),
        "--no-error-summary", str(PROBE),
        env={**os.environ, "PYTHONPATH": str(tmp_path / "stubs")},
    )  # fmt: skip
    mypy_lines = [int(m.group(1)) for m in re.finditer(r"^.+?:(\d+): error:", mypy_output, re.M)]

    for checker, lines in (("pyright", pyright_lines), ("mypy", mypy_lines)):
        flagged = _flagged(lines)
        assert {"false errors": sorted(flagged - raising), "missed errors": sorted(raising - flagged)} == {
            "false errors": [], "missed errors": []
        }, f"{checker} on jax {ran['jax']}"


@pytest.fixture(scope="session")
def unsupported_jax_python() -> str:
    """An interpreter whose jax is outside the supported range (``JAXCHECK_UNSUPPORTED_JAX_PYTHON``,
    e.g. a virtual environment with ``jax==0.4.20 jaxlib==0.4.20 'numpy<2' libcst``)."""
    named = os.environ.get("JAXCHECK_UNSUPPORTED_JAX_PYTHON")
    if not named:
        pytest.skip("JAXCHECK_UNSUPPORTED_JAX_PYTHON names no interpreter with an unsupported jax")
    version = _jax_version(Path(named))
    if version is None or SUPPORTED_JAX.contains(version):
        pytest.skip(f"JAXCHECK_UNSUPPORTED_JAX_PYTHON={named} has jax {version}, inside {SUPPORTED_JAX}")
    return named


def test_an_unsupported_jax_gets_no_stubs_and_one_message(
    unsupported_jax_python: str, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    version = _jax_version(Path(unsupported_jax_python))
    command = [unsupported_jax_python, "-m", "jaxcheck.stubs"]
    install = subprocess.run(
        [*command, "install", "--target", str(tmp_path / "site" / "jax-stubs")],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert install.returncode == 2
    assert install.stderr.splitlines() == [
        f"error: jaxcheck's jax stubs support jax{SUPPORTED_JAX}, not jax {version}: "
        f"upgrade jax to {SUPPORTED_JAX.oldest} or later; no stubs written"
    ]
    assert not (tmp_path / "site" / "jax-stubs").exists()

    # Stubs generated before jax was changed to this version: `jaxcheck check` and `stubs check` say so.
    site = tmp_path / "site"
    _run(sys.executable, "-m", "jaxcheck.stubs", "generate", "--output", str(site / "jax-stubs"))
    (tmp_path / "step.py").write_text("import jax\n", encoding="utf-8")
    env_with_stubs = {**env, "PYTHONPATH": os.pathsep.join([str(REPO), str(site)])}
    lint = subprocess.run(
        [unsupported_jax_python, "-m", "jaxcheck", "check", "step.py"],
        cwd=tmp_path, capture_output=True, text=True, env=env_with_stubs, check=False,
    )  # fmt: skip
    notes = [line for line in lint.stderr.splitlines() if "jax stubs support" in line]
    assert len(notes) == 1, lint.stderr
    assert f"not jax {version}" in notes[0] and "python -m jaxcheck.stubs uninstall" in notes[0]
    check = subprocess.run(
        [*command, "check"], capture_output=True, text=True, env=env_with_stubs, check=False
    )
    assert check.returncode == 1 and f"not jax {version}" in check.stdout, check.stdout + check.stderr
    # mypy from this environment (whose jax the stubs match) checking that interpreter's code.
    (tmp_path / "mypy.ini").write_text("[mypy]\nplugins = jaxcheck.mypy\nfollow_imports = skip\n")
    typed = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--no-incremental",
         "--python-executable", unsupported_jax_python, "step.py"],
        cwd=tmp_path, capture_output=True, text=True, env=env_with_stubs, check=False,
    )  # fmt: skip
    notes = [line for line in typed.stderr.splitlines() if "jax stubs support" in line]
    assert len(notes) == 1 and f"not jax {version}" in notes[0], typed.stdout + typed.stderr
