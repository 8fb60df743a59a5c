"""`jaxcheck validate` refutes a finding only when its experiment exercised the hazard: a key
drawn once under `vmap` is not a key drawn again; a static value or jit option that the run
did not pass is not shown harmless; a line run on concrete values concretizes no tracer. And
the experiments that used to miss a hazard see it: `random.gamma` consumes its key, a jitted
function's closed-over key is followed, and a function traced by another module's `vmap` or
`jit` runs traced (the real CLI, real jax on CPU)."""

from __future__ import annotations

import pathlib

import pytest

from .cli import validate_json, write_tree


def _verdicts(findings: list[dict]) -> dict[str, dict]:
    return {f"{f['path']}:{f['code']}": f["validation"] for f in findings}


def _of(verdicts: dict[str, dict], files) -> dict[str, dict]:
    """The verdicts on findings in ``files``."""
    return {where: v for where, v in verdicts.items() if where.partition(":")[0] in files}


KEYS = {
    # one key broadcast to every element: one `random_bits` draws for all of them, so one run of
    # the body consumes the key once and shows no repetition
    "lanes.py": """\
        import jax


        def add_noise(x, key):
            return x + jax.random.normal(key, x.shape)


        @jax.jit
        def corrupt(xs, key):
            return jax.vmap(add_noise, in_axes=(0, None))(xs, key)
        """,
    # regression case 214: the body splits the key it is given whole; it used to be refuted
    "members.py": """\
        import jax


        def perturb(params, key, sigma):
            key, sub = jax.random.split(key)
            return params + sigma * jax.random.normal(sub, params.shape)


        def ensemble(members, key):
            return jax.vmap(perturb, in_axes=(0, None, None))(members, key, 0.05)
        """,
    # `random.gamma` binds `random_gamma`, which consumes its key as `random_bits` does
    "gamma.py": """\
        import jax


        def draws(key):
            a = jax.random.normal(key)
            b = jax.random.gamma(key, 2.0)
            return a + b
        """,
    # the key is a constant of `f`'s program, not one of its arguments (jax issue 20704)
    "closed.py": """\
        import jax

        key = jax.random.key(0)


        @jax.jit
        def f():
            return jax.random.bits(key)


        first = f()
        second = f()
        """,
}


def test_key_verdicts_need_the_keys_drawn_again(shared: dict[str, dict]) -> None:
    verdicts = _of(shared, KEYS)
    assert {k: v["status"] for k, v in verdicts.items()} == {
        "lanes.py:JAX503": "inconclusive", "members.py:JAX503": "inconclusive", "gamma.py:JAX501": "confirmed",
        "closed.py:JAX501": "confirmed",
    }, verdicts
    # reported at the `vmap` that hands the key whole to every element: one `random_bits` there
    # draws for all of them, one consumption; with a `split` inside the body (members.py, case
    # 214) two consumptions run at the vmap's line, and neither is a repetition either
    for where in ("lanes.py:JAX503", "members.py:JAX503"):
        assert "the repetition is over the elements `jax.vmap` maps" in verdicts[where]["evidence"], verdicts
    assert "by `_normal` at line 5 and the same key again by `_gamma` at line 6" in verdicts["gamma.py:JAX501"]["evidence"]
    assert "by `f` at line 11 and the same key again by `f` at line 12" in verdicts["closed.py:JAX501"]["evidence"]


STATIC = {
    # the flagged argument is a local of `main`, which runs as it is
    "meta.py": """\
        from dataclasses import dataclass

        import jax
        import jax.numpy as jnp


        @dataclass
        class Foo:
            a: jax.Array


        jax.tree_util.register_dataclass(Foo, data_fields=[], meta_fields=["a"])
        func = jax.jit(lambda x: x)


        def main():
            foo = Foo(jnp.ones((2, 2)))
            func(foo)
            other = Foo(jnp.ones((2, 2)))
            return func(other)
        """,
    # the names come from `main`'s call; run with its defaults, the factory passes none
    "wrapper.py": """\
        import jax


        def jitted(static_argnames=()):
            def decorator(fn):
                def trial(*args):
                    return fn(*args)

                return jax.jit(trial, static_argnames=static_argnames)

            return decorator


        def main():
            return jitted(static_argnames=["m"])(lambda n, m: n + m)(1, 2)
        """,
}


STATIC["local.py"] = """\
    from functools import partial

    import jax
    import numpy as np


    @partial(jax.jit, static_argnums=(1,))
    def f(x, v):
        return x * len(v)


    def main():
        v = np.array([1, 2, 3])
        return f(1.0, v)
    """


def test_static_values_the_run_did_not_pass_refute_nothing(shared: dict[str, dict]) -> None:
    """`v` is a local of `main` built by NumPy alone: the call is replayed with it and raises.
    `other` is an instance of the project's own class, which the call site cannot build alone:
    `main` runs as it is, and its second call, with another instance, raises jit's error for the
    static parts it cannot compare (regression case 906)."""
    verdicts = _of(shared, STATIC)
    assert verdicts["local.py:JAX302"]["status"] == "confirmed", verdicts
    assert verdicts["local.py:JAX302"]["evidence"].startswith(
        "the call at line 14: `f(1.0, int64[3])` raised ValueError: Non-hashable static arguments"
    ), verdicts
    assert verdicts["meta.py:JAX302"]["status"] == "confirmed", verdicts
    assert verdicts["meta.py:JAX302"]["evidence"].startswith(
        "calling `main` with synthesized arguments (): the call at line 20 raised ValueError: Exception raised while "
        "checking equality of metadata fields of pytree"
    ), verdicts
    assert verdicts["wrapper.py:JAX304"]["status"] == "inconclusive", verdicts
    assert "`static_argnames` reads a parameter of the function that applies jit" in verdicts["wrapper.py:JAX304"]["evidence"]


TRACED_ELSEWHERE = {
    "kernels.py": """\
        import jax.numpy as jnp


        def kernel(x, lam=0.5):
            if jnp.abs(x) > lam:
                return 0.0
            return jnp.exp(-x ** 2)


        def clipped(x, lam):
            if jnp.abs(x) > lam:
                return 0.0
            return x


        def clipped_kernel(x):
            return clipped(x, 0.5)
        """,
    "utils.py": """\
        import numpy as np


        def as_int32(x):
            return np.int32(x)
        """,
    "send.py": """\
        from utils import as_int32


        def send(x, dest):
            return x + as_int32(dest)
        """,
    "main.py": """\
        import jax

        from kernels import clipped_kernel, kernel
        from send import send


        def weights(xs):
            return jax.vmap(kernel)(xs) + jax.vmap(clipped_kernel)(xs)


        def route(x):
            return jax.jit(send)(x, 1)
        """,
}


def test_a_function_traced_by_another_module_runs_traced(tmp_path: pathlib.Path) -> None:
    """`kernel` is vmapped and `send` jitted only in main.py: each runs under jit, where its
    values are tracers as they are there. `clipped` runs on its own, on concrete values: its line
    meets no tracer, which refutes nothing."""
    write_tree(tmp_path, TRACED_ELSEWHERE)
    verdicts = {f"{f['path']}:{f['line']}": f["validation"] for f in validate_json(tmp_path, *TRACED_ELSEWHERE)}
    assert verdicts["kernels.py:5"]["status"] == "confirmed", verdicts
    assert "TracerBoolConversionError" in verdicts["kernels.py:5"]["evidence"]
    assert verdicts["utils.py:5"]["status"] == "confirmed", verdicts
    assert "TracerArrayConversionError" in verdicts["utils.py:5"]["evidence"]
    assert verdicts["kernels.py:11"]["status"] == "inconclusive", verdicts
    assert "line 11 ran only outside JAX traces, on concrete values" in verdicts["kernels.py:11"]["evidence"]


HELD_KEYS = """\
    import jax


    class Sampler:
        def __init__(self, key):
            self.key = key

        def sample(self, x):
            return x + jax.random.normal(self.key, x.shape)
    """


# the key the object holds is drawn only when `key` is left out (regression case 1243, mithril's
# backend): an experiment that passes a key of its own never runs the path the finding is about
HELD_KEY_BY_DEFAULT = """\
    import jax


    class Noise:
        def __init__(self, seed: int = 0):
            self.key = jax.random.PRNGKey(seed)

        def sample(self, x, key=None):
            if key is None:
                key = self.key
            return x + jax.random.normal(key, x.shape)
    """


@pytest.mark.parametrize(("file", "evidence"), [
    # one call of `sample` draws once; the finding is about every call drawing the same numbers:
    # the method is called twice on one instance (built with a key for `key`), each call with
    # other argument values
    ("sampler.py", "`Sampler.sample` called 2 times on one `Sampler` with synthesized arguments (float32[3]): the run "
     "consumed a legacy `uint32[2]` key (`PRNGKey`) by `_normal` at line 9 and the same key again by `_normal` at line 9"),
    # the calls leave `key` at its default, so both draw from the key the object holds (it used
    # to be refuted after two calls each given a key of its own)
    ("held_default.py", "`Noise.sample` called 2 times on one `Noise` with synthesized arguments (float32[3], key=None): "
     "the run consumed a legacy `uint32[2]` key (`PRNGKey`) by `_normal` at line 11 and the same key again"),
    # ARGUMENT_FORMS below: a classmethod runs from its class; a `Literal` mode takes its second value
    ("mixture.py", "`Mixture.from_random` with synthesized arguments (key<fry>[], 3): the run consumed a typed key by "
     "`_normal` at line 12"),
    ("modes.py", "`features` with synthesized arguments (key<fry>[], float32[3], 'arccos'): the run consumed"),
])
def test_experiments_reach_the_reuse_the_finding_is_about(shared: dict[str, dict], file: str, evidence: str) -> None:
    (validation,) = _of(shared, {file}).values()
    assert validation["status"] == "confirmed", validation
    assert validation["evidence"].startswith(evidence), validation


# ott's `GaussianMixture.from_random` and `LRKGeometry.from_pointcloud`: a classmethod runs from
# its class (the constructor's arguments cannot be made), and a `Literal[...]` mode parameter is
# given each of its values until one takes the flagged branch
ARGUMENT_FORMS = {
    "mixture.py": """\
        import jax


        class Mixture:
            def __init__(self, loc, scale):
                self.loc = loc
                self.scale = scale

            @classmethod
            def from_random(cls, key, n: int):
                key, sub = jax.random.split(key)
                loc = jax.random.normal(sub, (n,))
                scale = jax.random.uniform(sub, (n,))
                return cls(loc, scale)
        """,
    "modes.py": """\
        from typing import Literal

        import jax


        def features(key, x, kernel: Literal["gaussian", "arccos"]):
            if kernel == "gaussian":
                return x + jax.random.normal(key, x.shape)
            a = jax.random.normal(key, x.shape)
            b = jax.random.normal(key, x.shape)
            return a * b * x
        """,
}


STAGED_ELSEWHERE = {
    # `jax.jit(model)` applies to `__call__`, which calls the method the finding names: run as
    # the module holds it, the method is not staged, so its log on every call refutes nothing
    "staged.py": """\
        import logging

        import jax.numpy as jnp

        logger = logging.getLogger("staged_case")


        class Feedback:
            def __init__(self, gain):
                self.gain = gain

            def update(self, state, inp):
                logger.debug("update input=%s", inp)
                return state * 0.9 + self.gain * inp

            def __call__(self, state, inp):
                return jnp.tanh(self.update(state, inp))
        """,
    "main.py": """\
        import jax
        import jax.numpy as jnp

        from staged import Feedback


        def main():
            model = Feedback(0.5)
            step = jax.jit(model)
            state = jnp.zeros(2)
            for i in range(3):
                state = step(state, jnp.full(2, float(i)))
            return state
        """,
}


def test_a_side_effect_whose_trace_starts_at_another_function_is_not_refuted_by_an_unstaged_call(tmp_path: pathlib.Path) -> None:
    write_tree(tmp_path, STAGED_ELSEWHERE)
    verdicts = _verdicts(validate_json(tmp_path, *STAGED_ELSEWHERE))
    assert verdicts["staged.py:JAX102"]["status"] != "refuted", verdicts


MADE_PER_CALL = {
    # the partial at the static position is made once per call of `sample`, not per iteration:
    # one call of `sample` compiles once however long its loop
    "per_call.py": """\
        import functools

        import jax
        import jax.numpy as jnp


        def potential(z, data):
            return jnp.sum((data - z) ** 2)


        @functools.partial(jax.jit, static_argnums=(0,))
        def step(potential_fn, z):
            return z - 0.1 * jax.grad(potential_fn)(z)


        def sample(data, num_steps=5):
            potential_fn = functools.partial(potential, data=data)
            z = jnp.zeros(data.shape[-1])
            for _ in range(num_steps):
                z = step(potential_fn, z)
            return z


        def chains(data, num_chains=4):  # `sample` runs once per chain: a compile each
            return [sample(data) for _ in range(num_chains)]
        """,
    # the trip count is the length of what the caller passes (300 rows): made-up arrays of a
    # few rows run the loop a few times
    "rows.py": """\
        import jax
        import jax.numpy as jnp


        def make_filter(taps):
            def step(state, sample):
                for k in range(taps):
                    state = 0.5 * state + sample / (k + 1)
                return state, state.mean()

            return step


        @jax.jit
        def apply_filter(state, weights, signal):
            _, out = jax.lax.scan(make_filter(weights.shape[0]), state, signal)
            return out


        def main():
            return apply_filter(jnp.zeros(4), jnp.ones((300, 4)), jnp.linspace(0.0, 1.0, 20))
        """,
}


def test_hazards_made_per_call_or_sized_by_the_callers_data_are_not_refuted_by_a_short_replay(shared: dict[str, dict]) -> None:
    verdicts = _of(shared, MADE_PER_CALL)
    # `chains` calls `sample` in a loop: the repeat the finding needs is the program's own
    assert verdicts["per_call.py:JAX405"]["status"] == "confirmed", verdicts
    assert "2 calls of `sample`" in verdicts["per_call.py:JAX405"]["evidence"], verdicts
    assert verdicts["rows.py:JAX407"]["status"] != "refuted", verdicts


ENTRY_POINTS = {
    # regression clean look-alikes 210 and 2058: the static object is new on each call of
    # `trajectory`, but nothing in the project calls it (an entry point, which the program runs
    # once): calling it twice would make the repeat the finding says the program makes. Its
    # loop reuses the one object, so its one call compiles once
    "reused.py": """\
        import functools

        import jax
        import jax.numpy as jnp


        class Horizon:
            def __init__(self, dt=0.1):
                self.dt = dt


        @functools.partial(jax.jit, static_argnums=(0,))
        def advance(horizon, x):
            return x + horizon.dt


        def trajectory():
            horizon = Horizon()
            x = jnp.zeros(3)
            for _ in range(4):
                x = advance(horizon, x)
            return x
        """,
    # the object made inside the loop of the one call: every iteration compiles again, which
    # one call of the program's entry point shows
    "looped.py": """\
        import functools

        import jax
        import jax.numpy as jnp


        class Grid:
            def __init__(self, n):
                self.n = n


        @functools.partial(jax.jit, static_argnums=(0,))
        def relax(grid, x):
            return x * grid.n


        def sweep():
            x = jnp.ones(3)
            for _ in range(3):
                x = relax(Grid(2), x)
            return x
        """,
}


def test_a_static_object_made_per_call_of_an_entry_point_the_program_calls_once_is_not_confirmed(shared: dict[str, dict]) -> None:
    verdicts = _of(shared, ENTRY_POINTS)
    # The analysis no longer reports a value built once per run of an entry point (JAX405 asks
    # whether the function may repeat); were it reported, the experiment calls `trajectory` once,
    # as the program does (`call_sites.called_once`, tests/runtime/test_validate_call_sites.py).
    assert "reused.py:JAX405" not in verdicts, verdicts
    looped = verdicts["looped.py:JAX405"]
    assert looped["status"] == "confirmed", looped
    assert "3 XLA compilations of `relax` while line 20 ran 3 times (1 call of `sweep`" in looped["evidence"], looped


ONE_CALL = {
    # the replayed call donates its parameters: the second call of the experiment finds them
    # deleted, so only one call is observed, and an effect in 1 of 1 calls says nothing
    "donating.py": """\
        import functools
        import time

        import jax
        import jax.numpy as jnp


        @functools.partial(jax.jit, donate_argnums=(0,))
        def update(params, grads):
            started = time.perf_counter()
            return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), jnp.asarray(started)


        def run():
            params = {"w": jnp.ones(3)}
            for _ in range(3):
                params, stamp = update(params, {"w": jnp.ones(3)})
            return params
        """,
}


def test_an_effect_seen_in_the_only_call_observed_refutes_nothing(shared: dict[str, dict]) -> None:
    verdicts = _of(shared, ONE_CALL)
    verdict = verdicts["donating.py:JAX106"]
    assert verdict["status"] == "inconclusive", verdicts
    assert "effect seen in 1 of 1 calls" in verdict["evidence"], verdicts
    assert "one call cannot show whether the effect runs on later calls" in verdict["evidence"], verdicts


DRIFT = {
    # `max(1, e)` is an int for these estimates and a float for others: the replayed call keeps
    # one type, which shows nothing about the inputs that change it
    "drift.py": """\
        import jax
        import jax.numpy as jnp


        @jax.jit
        def step(x, scale):
            return x * scale


        def run(estimates):
            x = jnp.ones(3)
            for e in estimates:
                x = step(x, max(1, e))
            return x


        run([0.5, 0.7])
        """,
}


def test_one_type_kept_by_the_replayed_call_refutes_no_drift(shared: dict[str, dict]) -> None:
    verdict = _of(shared, DRIFT)["drift.py:JAX406"]
    assert verdict["status"] == "inconclusive", verdict
    assert "these arguments kept one type" in verdict["evidence"], verdict


REBUILT = {
    # regression cases 1281 and 902: a helper returns `jax.jit(inner)` and the caller calls it
    # through a local; the jit application is in the helper, the flagged call in the caller
    "rebuilt.py": """\
        import jax
        import jax.numpy as jnp


        def build(k):
            def inner(x):
                return x * k

            return jax.jit(inner)


        def solve(x):
            inner = build(2.0)
            return inner(x)


        def driver():
            return [solve(jnp.ones(3)) for _ in range(3)]
        """,
}


def test_a_jitted_function_a_helper_returns_into_a_local_is_found_and_counted(shared: dict[str, dict]) -> None:
    verdict = _of(shared, REBUILT)["rebuilt.py:JAX402"]
    assert verdict["status"] == "confirmed", verdict
    assert "3 XLA compilations of `inner` while line 14 ran 3 times (3 calls of `solve`" in verdict["evidence"], verdict


# The projects above whose files do not clash, validated together: each `jaxcheck validate`
# starts worker processes that import jax (seconds each), so their tests share one run.
SHARED = {
    **KEYS, **STATIC, "sampler.py": HELD_KEYS, "held_default.py": HELD_KEY_BY_DEFAULT, **ARGUMENT_FORMS, **MADE_PER_CALL,
    **ONE_CALL, **DRIFT, **ENTRY_POINTS, **REBUILT,
}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """The verdict on each finding of one validation of every file of ``SHARED``, by `path:code`."""
    root = tmp_path_factory.mktemp("shared")
    write_tree(root, SHARED)
    return _verdicts(validate_json(root, *SHARED))
