"""Imports between checked files: helpers, classes and jitted callables of other modules.

Each test writes a small project to ``tmp_path``, checks it with the real API and asserts the
exact findings (file, line, code), or that there are none.
"""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from jaxcheck.api import check_paths
from jaxcheck.config import Config


def write(root: pathlib.Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))


def findings(root: pathlib.Path, paths: list[str] | None = None, jobs: int = 1) -> list[tuple[str, int, str]]:
    targets = [root / p for p in paths] if paths else [root]
    result = check_paths(targets, Config(root=root), jobs=jobs)
    assert result.errors == []
    where = [(pathlib.Path(d.path).resolve().relative_to(root.resolve()), d) for d in result.diagnostics]
    return sorted((path.as_posix(), d.line, d.code) for path, d in where)


def messages(root: pathlib.Path) -> list[str]:
    return [d.message for d in check_paths([root], Config(root=root)).diagnostics]


HELPERS = """
    import jax.numpy as jnp

    def log_and_scale(x, scale):
        print("scaling", x)
        return x * scale

    def clip_positive(x):
        if x.sum() > 0:
            return x
        return -x

    def total(x):
        return jnp.sum(x)

    def width(x):
        return x.shape[0]
"""


def test_relative_import_of_a_helper_reports_in_the_helper_file(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/utils.py": HELPERS,
        "pkg/train.py": """
            import jax
            from .utils import log_and_scale, clip_positive

            @jax.jit
            def step(x):
                return clip_positive(log_and_scale(x, 2.0))
        """,
    })
    assert findings(tmp_path) == [("pkg/utils.py", 4, "JAX101"), ("pkg/utils.py", 8, "JAX201")]
    assert all("called from traced `pkg.train.step`" in m for m in messages(tmp_path))


@pytest.mark.parametrize(
    "spelling, call",
    [
        ("import pkg.utils as U", "U.clip_positive(x)"),
        ("from pkg import utils", "utils.clip_positive(x)"),
        ("import pkg.utils", "pkg.utils.clip_positive(x)"),
        ("from . import utils", "utils.clip_positive(x)"),
        ("from pkg.utils import clip_positive as clip", "clip(x)"),
    ],
)
def test_module_import_spellings(tmp_path, spelling, call):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/utils.py": HELPERS,
        "pkg/train.py": f"""
            import jax
            {spelling}

            @jax.jit
            def step(x):
                return {call}
        """,
    })
    assert findings(tmp_path) == [("pkg/utils.py", 8, "JAX201")]


def test_reexport_from_package_init(tmp_path):
    write(tmp_path, {
        "src/pkg/__init__.py": "from .ops.utils import clip_positive\n",
        "src/pkg/ops/__init__.py": "",
        "src/pkg/ops/utils.py": HELPERS,
        "scripts/train.py": """
            import jax
            from pkg import clip_positive

            def loss(x):
                return clip_positive(x).sum()

            grads = jax.jit(jax.grad(loss))
        """,
    })
    assert findings(tmp_path) == [("src/pkg/ops/utils.py", 8, "JAX201")]


def test_loose_scripts_side_by_side(tmp_path):
    write(tmp_path, {
        "utils.py": HELPERS,
        "train.py": """
            import jax
            from utils import log_and_scale

            def body(carry, x):
                return log_and_scale(carry, x), None

            def run(xs):
                return jax.lax.scan(body, 0.0, xs)
        """,
    })
    assert findings(tmp_path) == [("utils.py", 4, "JAX101")]


def test_return_values_flow_back(tmp_path):
    write(tmp_path, {
        "utils.py": HELPERS,
        "train.py": """
            import jax
            from utils import total, width

            @jax.jit
            def step(x):
                if width(x) > 2:  # a shape: concrete at trace time
                    x = x[:2]
                if total(x) > 0:
                    x = -x
                return x
        """,
    })
    assert findings(tmp_path) == [("train.py", 8, "JAX201")]


def test_class_of_another_module_constructed_and_its_method_traced(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "from .layers import Scaler\n",
        "pkg/layers.py": """
            class Scaler:
                def __init__(self, factor):
                    if factor < 0:
                        raise ValueError("negative")
                    self.factor = factor

                def __call__(self, x):
                    return x * float(self.factor)
        """,
        "pkg/train.py": """
            import jax
            import pkg

            @jax.jit
            def step(factor, x):
                return pkg.Scaler(factor)(x)
        """,
    })
    # `float(self.factor)` raises too, once the check in the constructor is gone.
    assert findings(tmp_path) == [("pkg/layers.py", 3, "JAX201"), ("pkg/layers.py", 8, "JAX202")]


def test_function_of_another_module_building_a_jit_per_call_run_in_a_loop(tmp_path):
    # `validate` pmaps a nested function and calls it: every call compiles again. Its own module
    # never calls it; the training loop of another module runs it again and again. Reported at
    # `run(batch)`, the call that compiles.
    write(tmp_path, {
        "validation.py": """
            import jax

            def validate(params, batch):
                @jax.pmap
                def run(x):
                    return x * params
                return run(batch)
        """,
        "train.py": """
            import jax.numpy as jnp
            import validation

            def train(params, batches):
                for batch in batches:
                    metrics = validation.validate(params, jnp.asarray(batch))
                return metrics
        """,
    })
    assert findings(tmp_path) == [("validation.py", 7, "JAX402")]
    assert findings(tmp_path, ["validation.py"]) == []


_SHARDING = """
    import jax

    def shard_state(params):
        init = lambda p: {"params": p, "step": 0}
        return jax.jit(init, donate_argnums=0)(params)
"""


@pytest.mark.parametrize(("loader", "expected"), [
    # One branch of an `if`/`elif` chain runs per run of `load`: one compile per load.
    ("""
        import shard

        def load(mode, params):
            if mode == "pretrained":
                state = shard.shard_state(params)
            elif mode == "checkpoint":
                state = shard.shard_state(params * 2)
            else:
                raise ValueError(mode)
            return state
    """, []),
    # Two calls in one run: the second builds and compiles the jit again.
    ("""
        import shard

        def load(params):
            state = shard.shard_state(params)
            ema = shard.shard_state(params)
            return state, ema
    """, [("shard.py", 5, "JAX402")]),
    # Branches of an `if` in a loop: each pass may take either, so both run in one run.
    ("""
        import shard

        def load(modes, params):
            for mode in modes:
                if mode == "pretrained":
                    state = shard.shard_state(params)
                else:
                    state = shard.shard_state(params * 2)
            return state
    """, [("shard.py", 5, "JAX402")]),
])
def test_a_function_of_another_module_building_a_jit_called_in_exclusive_branches_runs_once(tmp_path, loader, expected):
    write(tmp_path, {"shard.py": _SHARDING, "load.py": loader})
    assert findings(tmp_path) == expected


def test_imported_jitted_callable_with_static_argument_varying_in_a_loop(tmp_path):
    write(tmp_path, {
        "model.py": """
            from functools import partial
            import jax

            def _update(params, lr):
                return params * lr

            train_step = jax.jit(_update, static_argnums=1)

            @partial(jax.jit, static_argnames="n")
            def rollout(x, n):
                return x * n
        """,
        "train.py": """
            import jax.numpy as jnp
            from model import train_step, rollout
            import model

            def main(params, schedule):
                for epoch in range(100):
                    lr = 0.1 / (epoch + 1)
                    params = train_step(params, lr)
                    params = rollout(params, n=epoch)
                    params = model.train_step(params, [0.1])
                return params
        """,
    })
    expected = [("train.py", 8, "JAX403"), ("train.py", 9, "JAX403"), ("train.py", 10, "JAX302")]
    assert findings(tmp_path) == expected


CLEAN_PROJECTS = {
    "host-only caller": {
        "utils.py": HELPERS,
        "train.py": """
            import jax
            from utils import log_and_scale, clip_positive

            def evaluate(x):
                return clip_positive(log_and_scale(x, 2.0))
        """,
    },
    "static arguments only": {
        "utils.py": HELPERS,
        "train.py": """
            from functools import partial
            import jax
            from utils import clip_positive

            @partial(jax.jit, static_argnums=0)
            def step(n, x):
                return x * clip_positive(n)
        """,
    },
    "two scripts folders, each with its own utils": {
        "a/utils.py": "def helper(x):\n    return x\n",
        "b/utils.py": HELPERS.replace("def clip_positive", "def helper"),
        "a/train.py": """
            import jax
            from utils import helper

            @jax.jit
            def step(x):
                return helper(x)
        """,
    },
    "unresolvable and cyclic imports": {
        "pkg/__init__.py": "",
        "pkg/a.py": """
            import jax
            from .b import ping
            from .missing import nothing

            @jax.jit
            def step(x):
                return ping(x, 3) + nothing(x)
        """,
        "pkg/b.py": """
            from .a import step

            def ping(x, n):
                return pong(x, n - 1) if n else x

            def pong(x, n):
                return ping(x, n)
        """,
    },
    "an object of another module built inside the trace, its state set by a method": {
        "envs.py": """
            import jax.numpy as jnp

            class PointEnv:
                def __init__(self, size):
                    self.size = size

                def reset(self, x):
                    self.position = jnp.zeros(self.size) + x
                    return self.position
        """,
        "train.py": """
            import jax
            from envs import PointEnv

            @jax.jit
            def rollout(x):
                env = PointEnv(3)
                return env.reset(x)
        """,
    },
    "same-named jitted callable, a host function in another module": {
        "model.py": "def train_step(params, lr):\n    return params\n",
        "train.py": """
            import jax
            from model import train_step

            def main(params):
                for epoch in range(10):
                    params = train_step(params, 0.1 / (epoch + 1))
                return params
        """,
    },
}


@pytest.mark.parametrize("name", sorted(CLEAN_PROJECTS))
def test_clean_projects(tmp_path, name):
    write(tmp_path, CLEAN_PROJECTS[name])
    assert findings(tmp_path) == []


def test_checking_one_file_reports_what_its_traces_reach_elsewhere(tmp_path):
    write(tmp_path, {
        "utils.py": HELPERS,
        "train.py": """
            import jax
            from utils import clip_positive

            step = jax.jit(lambda x: clip_positive(x))
        """,
    })
    assert findings(tmp_path, ["train.py"]) == [("utils.py", 8, "JAX201")]
    assert findings(tmp_path, ["utils.py"]) == []


def test_parallel_runs_match_serial(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/utils.py": HELPERS}
    for index in range(20):
        files[f"pkg/train_{index:02}.py"] = f"""
            import jax
            from . import utils

            @jax.jit
            def step_{index}(x):
                y = utils.log_and_scale(x, {index})
                if utils.total(y) > {index}:
                    y = y + 1
                return y
        """
    write(tmp_path, files)
    serial = findings(tmp_path, jobs=1)
    assert findings(tmp_path, jobs=2) == serial
    assert ("pkg/utils.py", 4, "JAX101") in serial
    assert sum(1 for f in serial if f[2] == "JAX201") == 20


def test_findings_reached_in_an_excluded_file_are_not_reported(tmp_path):
    write(tmp_path, {
        "vendor/helpers.py": HELPERS,
        "train.py": """
            import jax
            from vendor.helpers import clip_positive

            @jax.jit
            def step(x):
                return clip_positive(x)
        """,
    })
    result = check_paths([tmp_path / "train.py"], Config(root=tmp_path, exclude=("vendor/*",)))
    assert result.diagnostics == []
    assert findings(tmp_path, ["train.py"]) == [("vendor/helpers.py", 8, "JAX201")]


def test_two_level_relative_import_and_a_method_of_an_imported_instance(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/common.py": """
            class Logger:
                def log(self, value):
                    print("value", value)
                    return value

            LOGGER = Logger()
        """,
        "pkg/train/__init__.py": "",
        "pkg/train/loop.py": """
            import jax
            from ..common import Logger

            @jax.jit
            def step(x):
                logger = Logger()
                return logger.log(x) * 2
        """,
    })
    assert findings(tmp_path) == [("pkg/common.py", 3, "JAX101")]


def test_linen_variable_updates_are_flax_state_not_trace_time_writes(tmp_path):
    # `self.w_avg.value = ...` in a linen module reached from a jitted `apply` of another module
    # updates a variable that `apply(..., mutable=[...])` returns on every call (measured with
    # flax 0.12.8: three jitted steps move the average three times).
    write(tmp_path, {
        "gen.py": """
            import flax.linen as nn
            import jax.numpy as jnp

            class Mapping(nn.Module):
                beta: float = 0.99

                def setup(self):
                    self.w_avg = self.variable("moving_stats", "w_avg", jnp.zeros, (4,))

                def __call__(self, x):
                    self.w_avg.value = self.beta * self.w_avg.value + (1 - self.beta) * x.mean(0)
                    return x - self.w_avg.value

            class Generator(nn.Module):
                @nn.compact
                def __call__(self, x):
                    return Mapping()(x) * 2.0
        """,
        "train.py": """
            import jax

            from gen import Generator

            generator = Generator()

            @jax.jit
            def step(variables, x):
                return generator.apply(variables, x, mutable=["moving_stats"])
        """,
    })
    assert findings(tmp_path) == []
def test_array_passed_on_by_another_modules_function_to_a_static_argument(tmp_path):
    # `fit` hands its `n_components` to a static position of its module's jitted `_fit_full`;
    # a JAX array given to `fit` raises there (jax 0.10.2: `ValueError: Non-hashable static
    # arguments are not supported`). Reported at the call that passes the array.
    write(tmp_path, {
        "pcax.py": """
            from functools import partial
            import jax

            def fit(x, n_components):
                return _fit_full(x, n_components)

            @partial(jax.jit, static_argnames="n_components")
            def _fit_full(x, n_components):
                return x[:n_components]
        """,
        "main.py": """
            import jax.numpy as jnp
            import pcax

            def reduce(x):
                k = jnp.argmax(x) + 1
                return pcax.fit(x, k)

            def reduce_by_int(x):
                return pcax.fit(x, 2)
        """,
    })
    assert findings(tmp_path) == [("main.py", 6, "JAX302")]
    assert "passed to `pcax.fit`, which passes it to a static position of jitted `_fit_full`" in messages(tmp_path)[0]


def test_a_logger_made_in_another_module_logs_once_in_a_jitted_function(tmp_path):
    # `logging.getLogger` in `log_setup.py` makes a logger; its `.debug` in a jitted function of
    # another module runs at trace time only (jax 0.10.2: one record for three calls). Logged
    # through `jax.debug.callback`, or in host code, it logs on every call.
    write(tmp_path, {
        "log_setup.py": """
            import logging

            logger = logging.getLogger("model")
            log = logger.getChild("steps")
        """,
        "model.py": """
            import jax
            import log_setup
            from log_setup import logger, log

            @jax.jit
            def chirp_mass(m1, m2):
                mc = (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2
                logger.debug("chirp mass %s", mc)
                log_setup.log.info("step")
                jax.debug.callback(lambda v: logger.info("%s", v), mc)
                return mc

            def fit(m1, m2):
                log.info("fitting")
                return chirp_mass(m1, m2)
        """,
    })
    assert findings(tmp_path) == [("model.py", 8, "JAX102"), ("model.py", 9, "JAX102")]


def test_sizes_passed_to_another_modules_constructor_size_what_it_builds(tmp_path):
    # Another module's host code runs once per size it is given: `Stack(48, key)` splits the key
    # into 48 (jax 0.10.2: `split(PRNGKey(0), 48).shape == (48, 2)`) and builds 48 layers, which
    # a jitted function applies in a Python loop (48 unrolled bodies); `Stack(4, key)` stays quiet.
    write(tmp_path, {
        "layers.py": """
            import jax
            import jax.numpy as jnp

            class Stack:
                def __init__(self, depth, key):
                    keys = jax.random.split(key, depth)
                    self.weights = [jax.random.normal(k, (8, 8)) for k in keys]

                def __call__(self, x):
                    for w in self.weights:
                        x = jnp.tanh(x @ w)
                    return x
        """,
        "deep.py": """
            import jax
            import jax.numpy as jnp
            from layers import Stack

            def run():
                stack = Stack(48, jax.random.PRNGKey(0))
                return jax.jit(lambda x: stack(x))(jnp.ones((2, 8)))
        """,
        "shallow.py": """
            import jax
            import jax.numpy as jnp
            from layers import Stack

            def run():
                stack = Stack(4, jax.random.PRNGKey(0))
                return jax.jit(lambda x: stack(x))(jnp.ones((2, 8)))
        """,
    })
    assert findings(tmp_path, ["deep.py", "layers.py"]) == [("layers.py", 10, "JAX407")]
    assert findings(tmp_path, ["shallow.py", "layers.py"]) == []


def test_a_jit_another_modules_factory_builds_traces_with_this_modules_object(tmp_path):
    # `make_step(counter)` of `solver.py` jits a closure over the object `main.py` passes; the
    # object's method that the trace calls stores on `self` at trace time only (jax 0.10.2: the
    # stored count advanced on 1 of 3 calls). `solver.py`'s own check cannot know the object.
    write(tmp_path, {
        "counter.py": """
            class Counter:
                def __init__(self):
                    self.calls = 0

                def scale(self, x):
                    self.calls = self.calls + 1
                    return 2 * x
        """,
        "solver.py": """
            import jax

            def make_step(counter):
                @jax.jit
                def step(x):
                    return counter.scale(x)
                return step
        """,
        "main.py": """
            import jax.numpy as jnp
            from counter import Counter
            from solver import make_step

            def run():
                counter = Counter()
                step = make_step(counter)
                for _ in range(3):
                    step(jnp.ones(2))
                return counter.calls
        """,
    })
    assert findings(tmp_path) == [("counter.py", 6, "JAX105")]


def test_a_static_configuration_passed_from_another_module_counts_the_loop(tmp_path):
    # `main.py` passes a frozen config as the static `cfg` of `train.py`'s jitted step; the
    # helper in `model.py` loops over `cfg.n_layer` (48): jax 0.10.2 unrolls 48 layers into the
    # program (48 `tanh` of `gelu` in the lowered step of the regression case this mirrors).
    write(tmp_path, {
        "config.py": """
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class Config:
                n_layer: int = 48
        """,
        "model.py": """
            import jax

            def forward(x, cfg):
                for _ in range(cfg.n_layer):
                    x = jax.nn.gelu(x)
                return x
        """,
        "train.py": """
            from functools import partial
            import jax
            from model import forward

            @partial(jax.jit, static_argnames=("cfg",))
            def step(x, cfg):
                return forward(x, cfg)
        """,
        "main.py": """
            import jax.numpy as jnp
            from config import Config
            from train import step

            def run():
                return step(jnp.ones(4), Config())
        """,
    })
    assert findings(tmp_path) == [("model.py", 4, "JAX407")]


def test_a_jit_of_a_fresh_callable_in_another_modules_method_is_traced_per_call(tmp_path):
    # `Env.reset_jitted` jits a new bound method on every call, so every call traces it again
    # (jax 0.10.2: `jax.jit(self.env.reset)(key)` in a method printed at 3 of 3 calls): the
    # `print` in `reset` is not frozen; the jit per call is the finding.
    write(tmp_path, {
        "env.py": """
            import jax

            class Env:
                def reset(self, x):
                    print("reset")
                    return x + 1

                def reset_jitted(self, x):
                    return jax.jit(self.reset)(x)
        """,
        "main.py": """
            import jax.numpy as jnp
            from env import Env

            def run():
                env = Env()
                for _ in range(3):
                    env.reset_jitted(jnp.ones(2))
        """,
    })
    assert findings(tmp_path, ["main.py"]) == [("env.py", 9, "JAX402")]


def test_a_global_another_module_rebinds_through_its_module_is_stale_in_a_trace(tmp_path):
    # `main.py` rebinds `config.scale` between calls of `train.py`'s jitted step, which reads it
    # at trace time (jax 0.10.2, the regression case this mirrors: 4 of 4 steps used the first
    # factor). A global read from a module nothing rebinds stays quiet.
    write(tmp_path, {
        "config.py": """
            scale = 0.1
            eps = 1e-5
        """,
        "train.py": """
            import jax
            import config

            @jax.jit
            def step(x):
                return x * config.scale + config.eps
        """,
        "main.py": """
            import jax.numpy as jnp
            import config
            from train import step

            def run():
                for i in range(4):
                    if i == 2:
                        config.scale = 0.01
                    step(jnp.ones(2))
        """,
    })
    assert findings(tmp_path) == [("train.py", 6, "JAX108")]
    assert "`config.scale` is read at trace time by jitted function `step` and changed later by `main.run`" in messages(tmp_path)[0]



def test_dtype_of_another_modules_helper_result(tmp_path):
    # Another module's host helper runs once per argument type, and its result keeps its dtype
    # and weak type: `jnp.mean` of a float32 array is a strong float32, which jit keys apart
    # from the Python float passed first (measured on jax 0.10.2: `scaled` traced twice).
    write(tmp_path, {
        "stats.py": """
            import jax.numpy as jnp

            def mean_energy(x):
                return jnp.mean(x ** 2)
        """,
        "main.py": """
            import jax
            import jax.numpy as jnp

            from stats import mean_energy

            @jax.jit
            def scaled(x, scale):
                return x * scale

            def run():
                x = jnp.ones(3)
                scaled(x, 1.0)
                return scaled(x, mean_energy(x))
        """,
    })
    assert findings(tmp_path) == [("main.py", 13, "JAX406")]


def test_the_keys_of_an_options_dict_select_the_branch_another_module_runs(tmp_path):
    # jax-fem's `solver(problem, solver_options)` resolves its method from the keys it is given
    # (`[m for m in METHOD_KEYS if m in opts]`); only `dynamic_relax` runs the relaxation, whose
    # jitted closure compiles once per solver call (measured on jax 0.10.2: 3 compiles in 3
    # calls; none for `{"petsc_solver": {}}`, which runs Newton).
    write(tmp_path, {
        "solver.py": """
            import jax
            import jax.numpy as jnp

            METHOD_KEYS = frozenset({"newton", "dynamic_relax"})


            def resolve(solver_options):
                opts = solver_options or {}
                methods = [m for m in METHOD_KEYS if m in opts]
                if not methods:
                    return "newton", opts
                return methods[0], opts[methods[0]]


            def relax(problem, dofs):
                @jax.jit
                def assemble(d):
                    return d * problem.scale

                n = 0
                while n < 10:
                    dofs = assemble(dofs)
                    n += 1
                return dofs


            def solver(problem, solver_options={}):
                method, cfg = resolve(solver_options)
                if method == "dynamic_relax":
                    return relax(problem, jnp.ones(3))
                return jnp.zeros(3)
        """,
        "newton.py": """
            import jax.numpy as jnp
            from solver import solver


            class Problem:
                def __init__(self):
                    self.scale = jnp.ones(3)


            problem = Problem()
            sol = None
            for i in range(10):
                sol = solver(problem, solver_options={"petsc_solver": {}, "initial_guess": sol})
        """,
    })
    assert findings(tmp_path) == []
    write(tmp_path, {
        "relaxation.py": """
            import jax.numpy as jnp
            from solver import solver


            class Problem:
                def __init__(self):
                    self.scale = jnp.ones(3)


            problem = Problem()
            for i in range(10):
                sol = solver(problem, solver_options={"dynamic_relax": {}})
        """,
    })
    assert findings(tmp_path) == [("solver.py", 22, "JAX402")]  # a jit built per call of `relax`


def test_a_constructor_of_another_module_that_jits_a_partial_runs_with_what_this_module_passes(tmp_path):
    # `main.py` builds a `Trainer(steps_per_execution=32)`, whose constructor jits
    # `partial(self._multi_step, steps_per_execution)`; `fit` calls it in a loop. The number the
    # partial binds reaches the trace as it is (measured on jax 0.10.2: 32 traced bodies, one
    # trace over three calls), so the loop over it unrolls 32 steps.
    write(tmp_path, {
        "trainer.py": """
            import functools
            import jax

            class Trainer:
                def __init__(self, steps_per_execution):
                    self.steps_per_execution = steps_per_execution
                    self.multi_step = jax.jit(functools.partial(self._multi_step, steps_per_execution))

                @staticmethod
                def _multi_step(steps, params, xs):
                    for i in range(steps):
                        params = params + xs[i]
                    return params

                def fit(self, params, xs):
                    for _ in range(3):
                        params = self.multi_step(params, xs)
                    return params
        """,
        "main.py": """
            import jax
            from trainer import Trainer

            def run():
                xs = jax.numpy.ones((64, 4))
                return Trainer(steps_per_execution=32).fit(jax.numpy.zeros(4), xs)
        """,
    })
    assert findings(tmp_path) == [("trainer.py", 11, "JAX407")]


def test_a_field_this_module_sets_on_another_modules_static_object_is_stale_in_the_trace(tmp_path):
    # `main.py` passes a `Stitcher` of `stitching.py` as the static argument of its jitted
    # `nll`, then sets `stitcher.fixed = ...` in a loop; `Stitcher.__call__` read the field at
    # trace time. Measured on jax 0.10.2: 2 of 2 later calls return the first result, whether
    # the class hashes by identity, by the field's value, or forces one hash and `==`.
    write(tmp_path, {
        "stitching.py": """
            import jax.numpy as jnp

            class Stitcher:
                def __init__(self, fixed):
                    self.fixed = fixed

                def __hash__(self):
                    return hash(tuple(self.fixed))

                def __eq__(self, other):
                    return isinstance(other, Stitcher) and self.fixed == other.fixed

                def __call__(self, pars):
                    return jnp.concatenate([jnp.asarray(self.fixed), pars])
        """,
        "main.py": """
            from functools import partial
            import jax
            import jax.numpy as jnp
            from stitching import Stitcher

            @partial(jax.jit, static_argnums=0)
            def nll(stitcher, pars):
                return jnp.sum(stitcher(pars) ** 2)

            def run():
                pars = jnp.ones(2)
                stitcher = Stitcher([0.5])
                results = [nll(stitcher, pars)]
                for fixed in ([3.0], [7.0]):
                    stitcher.fixed = fixed
                    results.append(nll(stitcher, pars))
                return results
        """,
    })
    assert findings(tmp_path) == [("stitching.py", 14, "JAX108")]
    assert "changed later by `main.run`" in messages(tmp_path)[0]


def test_a_loader_of_another_module_yields_batches_whose_dtype_alternates(tmp_path):
    # Measured on jax 0.10.2: float32 and int64 batches in turn, 6 calls, 2 compiles; a loader
    # whose dtype a constructor flag picks once yields one dtype per run (quiet).
    write(tmp_path, {
        "data.py": """
            import numpy as np

            class Loader:
                def __init__(self, n, half=False):
                    self.n, self.half = n, half

                def __iter__(self):
                    rng = np.random.default_rng(0)
                    for i in range(self.n):
                        x = rng.normal(size=(4, 3))
                        if i % 2 == 0:
                            x = x.astype(np.float32)
                        else:
                            x = np.round(x * 10).astype(np.int64)
                        yield x

            class FlagLoader(Loader):
                def __iter__(self):
                    for i in range(self.n):
                        x = np.ones((4, 3))
                        yield x.astype(np.float16) if self.half else x.astype(np.float32)
        """,
        "main.py": """
            import jax
            from data import FlagLoader, Loader

            @jax.jit
            def predict(x):
                return x.sum()

            def run():
                for x in Loader(6):
                    predict(x)
                for x in FlagLoader(6, half=True):
                    predict(x)
        """,
    })
    assert findings(tmp_path) == [("main.py", 10, "JAX406")]
def test_a_file_that_never_names_jax_calling_an_imported_jitted_function(tmp_path):
    # `pipeline.py` never names JAX but calls a jitted function of `augment.py` with a list at a
    # static position (jax 0.10.2: `ValueError: Non-hashable static arguments are not
    # supported`), and with a `str` where jit traces (`TypeError`): it is checked, not skipped.
    # `report.py` imports only a module that never names JAX either: still skipped.
    write(tmp_path, {
        "augment.py": """
            import functools
            import jax
            import jax.numpy as jnp

            @functools.partial(jax.jit, static_argnums=1)
            def pad(images, pad_width, mode):
                return jnp.pad(images, pad_width)
        """,
        "pipeline.py": """
            from augment import pad

            PAD = [(0, 0), (2, 2)]

            def augment_batch(images):
                return pad(images, PAD, "reflect")
        """,
        "formats.py": """
            def percent(x):
                return f"{x:.1%}"
        """,
        "report.py": """
            from formats import percent

            def line(x):
                return percent(x)
        """,
    })
    assert findings(tmp_path) == [("pipeline.py", 6, "JAX302"), ("pipeline.py", 6, "JAX306")]  # both at the call
    result = check_paths([tmp_path / "report.py"], Config(root=tmp_path))
    assert [r.skipped for r in result.files] == [True]


def test_an_array_attribute_of_an_object_this_module_built_reaches_a_static_position_elsewhere(tmp_path):
    # `Space` stores its bound as a NumPy array; `encoder.py` hands `space.high` of the spaces
    # `main.py` built to a static position (jax 0.10.2: `ValueError: Non-hashable static
    # arguments are not supported ... numpy.ndarray`). Reported where `encoder.py` writes it;
    # an `int(...)` of it is hashable.
    write(tmp_path, {
        "spaces.py": """
            import numpy as np

            class Space:
                def __init__(self, high):
                    self.high = np.asarray(high, np.int32)
        """,
        "encoder.py": """
            import functools
            import jax

            @functools.partial(jax.jit, static_argnums=1)
            def one_hot(value, depth):
                return jax.nn.one_hot(value, depth)

            class Encoder:
                def __init__(self, space):
                    self.space = space

                def encode(self, value):
                    return one_hot(value, self.space.high), one_hot(value, int(self.space.high))
        """,
        "main.py": """
            import jax.numpy as jnp
            from encoder import Encoder
            from spaces import Space

            def run():
                return Encoder(Space(32)).encode(jnp.array([3, 7]))
        """,
    })
    assert findings(tmp_path) == [("encoder.py", 13, "JAX302")]
