"""Deliberate idioms are `info`, through the real CLI (run in this process: tests/cli_run.py): a
trace-time message that shows only static values, a compile in an alternate constructor, an
unhashable annotation on a static parameter read with `getattr`. Left out by default (exit 0 when
nothing else is found), shown with `--show-info`; the hazards next to them stay errors."""

from __future__ import annotations

import json

from cli_run import jaxcheck

from jaxcheck import cache as cache_module
from jaxcheck.api import check_paths
from jaxcheck.config import Config

MESSAGES = """\
import logging

import jax


@jax.jit
def step(x):
    print("step compiled for shape", x.shape)
    logging.info("input dtype %s, %d dimensions", x.dtype, x.ndim)
    print(f"x = {x}")
    print("entering step")
    return x * 2
"""

CONSTRUCTOR = """\
import jax


class Model:
    def __init__(self, params):
        self.params = params

    @classmethod
    def from_config(cls, module, example):
        @jax.jit
        def init(rng):
            return module.init(rng, example)

        return cls(init(jax.random.key(0)))

    def predict(self, x):
        return jax.jit(lambda p: p * x)(self.params)
"""

ANNOTATION = """\
from functools import partial
from typing import Dict

import jax


@partial(jax.jit, static_argnames="weights")
def loss(pred, weights: Dict[str, float]):
    return sum(getattr(weights, k) * pred[k] for k in pred)


@partial(jax.jit, static_argnames="sizes")
def scale(x, sizes: Dict[str, int]):
    return x * sizes["a"]
"""


def run(args, cwd):
    return jaxcheck("check", "--no-cache", *args, cwd=cwd)


def findings(tmp_path, name, text, *args):
    (tmp_path / name).write_text(text)
    result = run([name, "--format", "json", *args], tmp_path)
    return result.returncode, [(d["line"], d["code"], d["severity"]) for d in json.loads(result.stdout)["diagnostics"]]


def test_a_message_of_static_values_is_info_and_one_of_tracers_or_literal_text_an_error(tmp_path):
    code, default = findings(tmp_path, "step.py", MESSAGES)
    assert code == 1 and default == [(10, "JAX101", "error"), (11, "JAX101", "error")]
    code, shown = findings(tmp_path, "step.py", MESSAGES, "--show-info")
    assert code == 1 and shown == [
        (8, "JAX101", "info"), (9, "JAX102", "info"), (10, "JAX101", "error"), (11, "JAX101", "error"),
    ]
    text = run(["step.py", "--show-info", "--select", "JAX102"], tmp_path)
    assert text.returncode == 0 and text.stdout.startswith(
        "step.py:9:5: JAX102 (info) `logging.info` in jitted function `step` runs once at trace time, not on every "
        "call (it shows only values fixed at trace time, such as shapes: a compile-time notice, it seems)\n"
    )
    assert run(["step.py", "--select", "JAX102"], tmp_path).stdout == (
        "No findings; 1 file checked; 1 info finding left out (--show-info shows it).\n"
    )


def test_a_compile_in_an_alternate_constructor_is_info(tmp_path):
    code, default = findings(tmp_path, "model.py", CONSTRUCTOR)
    assert code == 1 and default == [(17, "JAX402", "error")]
    _, shown = findings(tmp_path, "model.py", CONSTRUCTOR, "--show-info")
    assert shown == [(14, "JAX402", "info"), (17, "JAX402", "error")]  # reported at the call that compiles


def test_an_unhashable_annotation_read_with_getattr_is_info(tmp_path):
    code, default = findings(tmp_path, "loss.py", ANNOTATION)
    assert code == 1 and default == [(13, "JAX301", "error")]
    _, shown = findings(tmp_path, "loss.py", ANNOTATION, "--show-info")
    assert shown == [(8, "JAX301", "info"), (13, "JAX301", "error")]


def test_show_info_in_the_settings_shows_them_and_only_info_exits_0(tmp_path):
    (tmp_path / "step.py").write_text(MESSAGES.replace('    print(f"x = {x}")\n    print("entering step")\n', ""))
    assert run(["step.py"], tmp_path).returncode == 0
    (tmp_path / "pyproject.toml").write_text("[tool.jaxcheck]\nshow-info = true\n")
    result = run(["step.py"], tmp_path)
    assert result.returncode == 0 and "Found 2 findings (2 info) in 1 file" in result.stdout


def test_a_cached_info_finding_is_reused(tmp_path, monkeypatch):
    (tmp_path / "step.py").write_text(MESSAGES)
    config = Config(root=tmp_path, show_info=True)
    cold = check_paths([tmp_path], config, use_cache=True)
    assert [d.severity for d in cold.diagnostics] == ["info", "info", "error", "error"]
    stored = []
    original = cache_module.Cache.put
    monkeypatch.setattr(cache_module.Cache, "put", lambda self, key, result: (stored.append(result.path), original(self, key, result)))
    warm = check_paths([tmp_path], config, use_cache=True)
    assert stored == [] and warm.diagnostics == cold.diagnostics
