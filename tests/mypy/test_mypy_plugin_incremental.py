"""What the plugin records in types survives mypy's cache: a module that uses jitted functions
and decorator factories from another module gets the same errors when that module is loaded
from the cache instead of checked."""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="the mypy plugin tests need mypy (the test extras)")


DEFINITIONS = """\
from functools import partial

import jax

jit_second_static = partial(jax.jit, static_argnums=1)


@partial(jax.jit, static_argnames="config")
def step(x: jax.Array, config: object) -> jax.Array:
    return x


class Trainer:
    @partial(jax.jit, static_argnums=(0, 2))
    def update(self, x: jax.Array, schedule: object) -> jax.Array:
        return x
"""

USES = """\
import jax
import jax.numpy as jnp

from definitions import Trainer, jit_second_static, step


def body(x: jax.Array, sizes: list[int]) -> jax.Array:
    return x


class Subclass(Trainer):
    pass


jit_second_static(body)
step(jnp.ones(2), [1])
Subclass().update(jnp.ones(2), {"lr": 0.1})
reveal_type(step)
"""

EXPECTED = [
    "uses.py:15: error: Static parameter `sizes` of jitted function `body` is annotated "
    "`list[int]`, which JAX cannot hash  [jaxcheck-unhashable-static]",
    "uses.py:16: error: Value of type `list[int]` passed to static parameter `config` of jitted "
    "function `step` cannot be hashed  [jaxcheck-unhashable-static]",
    "uses.py:17: error: Value of type `dict[str, float]` passed to static parameter `schedule` "
    "of jitted function `update` cannot be hashed  [jaxcheck-unhashable-static]",
    'uses.py:18: note: Revealed type is "def (x: jax._src.basearray.Array | numpy.ndarray[tuple['
    "Any, ...], numpy.dtype[Any]] | numpy.bool[bool] | numpy.number[Any, int | float | complex] |"
    ' bool | int | float | complex, config: object) -> jax._src.basearray.Array"',
]


def _check(directory: Path, cache_dir: Path) -> list[str]:
    config = directory / "mypy.ini"
    config.write_text("[mypy]\nplugins = jaxcheck.mypy\n")
    stdout, stderr, _ = api.run(
        ["--config-file", str(config), "--cache-dir", str(cache_dir), "--no-error-summary",
         "--show-error-codes", "--hide-error-context", "--no-pretty",
         str(directory / "uses.py"), str(directory / "definitions.py")]
    )
    assert not stderr, stderr
    return [line.replace(f"{directory}/", "") for line in stdout.splitlines()]


def test_types_recorded_by_the_plugin_survive_the_cache(
    tmp_path: Path, mypy_cache_dir: Path
) -> None:
    (tmp_path / "definitions.py").write_text(DEFINITIONS)
    (tmp_path / "uses.py").write_text(USES)
    assert _check(tmp_path, mypy_cache_dir) == EXPECTED
    # Only uses.py changed: definitions.py now comes from the cache.
    (tmp_path / "uses.py").write_text(USES + "\n")
    assert _check(tmp_path, mypy_cache_dir) == EXPECTED
