"""The interpreter follows values: what each mechanism lets the analysis see, end to end.

Each case is a small program checked with the real API; the expectation is the exact list of
(line, code) findings. The programs were run on jax 0.10.2 where they claim a hazard.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source


def findings(source: str) -> list[tuple[int, str]]:
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py")
    assert result.error is None, result.error
    return sorted((d.line, d.code) for d in result.diagnostics)


WEAK_FIELD_LOOP = """
    import dataclasses
    import jax
    import jax.numpy as jnp

    @dataclasses.dataclass(frozen=True)
    class State:
        x: jax.Array
        time: jax.Array

    jax.tree_util.register_dataclass(State, data_fields=["x", "time"], meta_fields=[])

    def step(state, dt):
        return dataclasses.replace(state, x=state.x + dt, time=state.time + dt)

    def simulate(n):
        state = State(x=jnp.zeros(3), time=jnp.asarray(0.0))
        dt = jnp.float32(0.01)
        jit_step = jax.jit(step)
        for _ in range(n):
            state = jit_step(state, dt)
        return state
"""


SPREAD_BOUNDS_SOLVE = """
    from functools import partial
    import jax
    import jax.numpy as jnp

    @partial(jax.jit, static_argnames=("n", "cuts"))
    def solve(v, n, cuts):
        bounds = [0, *cuts, n]
        for start, stop in zip(bounds[:-1], bounds[1:]):
            v = v + (stop - start)
        return v
"""


CASES = {
    # A NamedTuple passed to jit keeps its fields as tracers; a Python int field becomes one too.
    "pytree_fields_are_traced": (
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class State(NamedTuple):
            total: jax.Array
            remaining: int

        @jax.jit
        def step(state):
            for _ in range(state.remaining):
                pass
            return state.total

        step(State(jnp.zeros(()), 3))
        """,
        [(11, "JAX204")],
    ),
    # What a helper returns flows back: a result built from traced values is traced.
    "helper_returns_a_traced_pytree": (
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class Result(NamedTuple):
            value: jax.Array
            converged: jax.Array

        def solve(x):
            return Result(x * 2, x < 1e-3)

        @jax.jit
        def run(x):
            out = solve(x)
            if out.converged:
                return out.value
            return x
        """,
        [(15, "JAX201")],
    ),
    # A property of a traced object is computed from its traced fields.
    "property_of_a_traced_object": (
        """
        import dataclasses
        import jax

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Carry:
            t: jax.Array

            @property
            def done(self):
                return self.t > 10

        @jax.jit
        def step(carry):
            if not carry.done:
                return carry
            return carry

        step(Carry(jax.numpy.zeros(())))
        """,
        [(15, "JAX201")],
    ),
    # A flag every call passes as `False` keeps its branch from running.
    "constant_flag_prunes_a_branch": (
        """
        from functools import partial
        import jax

        @partial(jax.jit, static_argnames="verbose")
        def step(x, verbose=False):
            if verbose:
                print("x", x)
            return x * 2

        def train(x):
            return step(x, verbose=False)
        """,
        [],
    ),
    # Every traced caller passes a key: the `is None` branch never runs under the trace.
    "none_guard_with_a_key_always_passed": (
        """
        import jax

        class Sampler:
            def sample(self, x, rng=None):
                if rng is None:
                    self.rng = jax.random.PRNGKey(0)
                    rng = self.rng
                return x + jax.random.normal(rng, x.shape)

        @jax.jit
        def draw(x, key):
            return Sampler().sample(x, key)
        """,
        [],
    ),
    # jax counts a negative static_argnums from the arguments passed: `n` is static here.
    "negative_static_argnums_counts_from_the_call": (
        """
        import jax
        import jax.numpy as jnp

        def f(x, n, verbose=False):
            return x * jnp.arange(n).sum()

        jax.jit(f, static_argnums=-1)(1.0, 3)
        """,
        [],
    ),
    # Most NumPy functions convert a tracer and raise; `np.sum` dispatches to the array.
    "numpy_on_tracers_as_measured": (
        """
        import jax
        import numpy as np

        @jax.jit
        def f(x):
            y = np.sum(x)
            return np.clip(x, 0.0, 1.0) + y

        f(jax.numpy.ones(3))
        """,
        [(7, "JAX203")],
    ),
    # Measured (bench/measure_numpy_on_tracers.py): `np.reshape` and `np.swapaxes` call the
    # array's own method; `np.linalg` and `np.fft` functions convert. A parameter of a jitted
    # function is traced whatever pytree it holds, so a converting function raises on it.
    "numpy_submodules_and_methods_as_measured": (
        """
        import jax
        import numpy as np

        @jax.jit
        def f(x, m):
            y = np.reshape(x, (2, 2)) + np.swapaxes(m, 0, 1)
            z = np.linalg.inv(m)
            return y, z, np.fft.fft(x), np.exp(x)
        """,
        [(7, "JAX203"), (8, "JAX203"), (8, "JAX203")],
    ),
    # The output of a jitted function is a tracer inside an enclosing trace, even for a
    # static input: a size computed by it is traced.
    "inner_jit_output_is_traced": (
        """
        from functools import partial
        import jax
        import jax.numpy as jnp

        @jax.jit
        def double(n):
            return n * 2

        @partial(jax.jit, static_argnums=0)
        def ramp(n):
            return jnp.arange(double(n))
        """,
        [(11, "JAX204")],
    ),
    # `total_repeat_length` lifts the need for a concrete `repeats`.
    "repeat_with_total_length": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x, n):
            return jnp.repeat(x, n, total_repeat_length=8)
        """,
        [],
    ),
    # The array method takes the same waiver (measured: bench/concrete_under_vmap.py); without it
    # a traced `repeats` is a concretization.
    "repeat_method_with_total_length": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(counts):
            return jnp.arange(3).repeat(counts, total_repeat_length=6)

        @jax.jit
        def g(counts):
            return jnp.arange(3).repeat(counts)
        """,
        [(10, "JAX204")],
    ),
    # `in_axes` spelled by concatenation and repetition: its `None` entries give the function the
    # Python values passed (measured: bench/concrete_under_vmap.py), so `if flag` and a shape
    # from `n` are fine; the mapped `x` stays traced.
    "vmap_in_axes_by_repetition": (
        """
        from functools import partial
        import jax
        import jax.numpy as jnp

        @partial(jax.vmap, in_axes=[0] + [None] * 2)
        def f(x, n, flag):
            if flag:
                return jnp.full((n,), 1.0) * x
            if x > 0:
                return x
            return -x
        """,
        [(9, "JAX201")],
    ),
    # A count that is not literal (`len(args)`): every argument after the listed ones is None.
    "vmap_in_axes_repeated_for_the_rest": (
        """
        from functools import partial
        import jax
        import jax.numpy as jnp

        def _sort(inputs, topk, num_targets):
            if 0 < topk < 5:
                return jnp.ones(topk)
            return inputs

        def apply_on_axis(op, inputs, *args):
            batch_fn = jax.vmap(op, in_axes=(0,) + (None,) * len(args))
            return batch_fn(inputs, *args)

        @jax.jit
        def sort(inputs):
            return apply_on_axis(_sort, inputs, 3, None)
        """,
        [],
    ),
    # A static argument whose value a helper returns: an argparse namespace cannot be hashed.
    "namespace_from_a_helper_as_static_argument": (
        """
        import argparse
        from functools import partial
        import jax

        def parse(argv):
            parser = argparse.ArgumentParser()
            parser.add_argument("--lr", type=float, default=0.1)
            return parser.parse_args(argv)

        @partial(jax.jit, static_argnums=1)
        def step(x, config):
            return x * config.lr

        def main(argv):
            step(1.0, parse(argv))
        """,
        [(15, "JAX302")],
    ),
    # An object the trace builds holds no state that outlives the trace.
    "object_built_inside_the_trace": (
        """
        import jax

        class Counter:
            def __init__(self, x):
                self.x = x

            def bump(self):
                self.x = self.x + 1
                return self.x

        @jax.jit
        def f(x):
            return Counter(x).bump()
        """,
        [],
    ),
    # A registered pytree class is rebuilt from its leaves with its aux data as it was.
    "pytree_aux_data_stays_static": (
        """
        import jax
        import jax.numpy as jnp
        from jax.tree_util import register_pytree_node_class

        @register_pytree_node_class
        class Particles:
            def __init__(self, positions, n):
                self.positions = positions
                self.order = jnp.arange(n)

            def tree_flatten(self):
                return (self.positions,), self.order.shape[0]

            @classmethod
            def tree_unflatten(cls, aux_data, children):
                return cls(*children, aux_data)
        """,
        [],
    ),
    # `jax.ensure_compile_time_eval()` computes constants on the host during the trace.
    "compile_time_eval_keeps_constants_concrete": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            with jax.ensure_compile_time_eval():
                n = int(jnp.sum(jnp.array([1, 2, 3])))
            return x * n
        """,
        [],
    ),
    # A callee builds a new jitted callable on every run of its caller, which calls it:
    # each call of the caller compiles again (measured: 2 compiles per `solve`, 4 per `fit`).
    "jit_rebuilt_by_a_helper_per_call": (
        """
        import jax

        class Model:
            def _build(self):
                def apply(x):
                    return x * 2.0
                return jax.jit(apply)

            def solve(self, x):
                return self._build()(x)
        """,
        [(10, "JAX402")],  # at the call in `solve`
    ),
    "jit_rebuilt_by_a_constructor_per_call": (
        """
        import jax
        import jax.numpy as jnp

        class Solver:
            def __init__(self, fun):
                self.value_and_grad = jax.jit(jax.value_and_grad(fun))

        def loss(x):
            return jnp.sum(x ** 2)

        def fit(x):
            solver = Solver(loss)
            return solver.value_and_grad(x)

        def sweep(xs):
            return [fit(x) for x in xs]
        """,
        [(13, "JAX402")],  # at the call in `fit`, which compiles on each of its runs
    ),
    "jit_built_once_by_a_cached_helper": (
        """
        import functools
        import jax

        @functools.lru_cache
        def build():
            return jax.jit(lambda x: x * 2.0)

        class Model:
            def solve(self, x):
                return build()(x)
        """,
        [],
    ),
    # A decorator of the project that keeps results in a functools cache (equinox's
    # `compile_cache`) hands out the first jitted callable again.
    "jit_built_under_a_project_caching_decorator": (
        """
        import functools
        import jax

        def compile_cache(fn):
            return functools.lru_cache(maxsize=None)(fn)

        class Model:
            @compile_cache
            def _build(self):
                def apply(x):
                    return x * 2.0
                return jax.jit(apply)

            def solve(self, x):
                return self._build()(x)
        """,
        [],
    ),
    # One key per seed: `PRNGKey(seed)` made again from an unchanged seed is the key already split.
    "key_made_again_from_the_same_seed": (
        """
        import jax

        def reseed(seed):
            key = jax.random.PRNGKey(seed)
            k1, k2 = jax.random.split(key)
            a = jax.random.normal(k1)
            key = jax.random.PRNGKey(seed)
            return a, jax.random.normal(key)
        """,
        [(8, "JAX504")],
    ),
    # A helper that returns a key of a constant seed, called in a lax loop body: the same key
    # on every iteration.
    "constant_key_from_a_helper_in_a_loop_body": (
        """
        import jax

        def make_key():
            return jax.random.PRNGKey(0)

        def body(i, carry):
            return carry + jax.random.normal(make_key())

        def run(x):
            return jax.lax.fori_loop(0, 10, body, x)
        """,
        [(7, "JAX503")],
    ),
    # A branch of `lax.cond` in a vmapped function reads the enclosing key: every mapped
    # element draws with the same key.
    "key_read_in_a_cond_branch_of_a_vmapped_function": (
        """
        import jax
        import jax.numpy as jnp

        def sample(key, logits):
            def one(l):
                return jax.lax.cond(l.sum() > 0, lambda: jax.random.categorical(key, l), lambda: jnp.argmax(l))
            return jax.vmap(one)(logits)
        """,
        [(6, "JAX503")],
    ),
    # A key split anew in each iteration, read by a `lax.cond` branch defined in the body: a new
    # key every iteration.
    "key_split_in_the_body_read_by_a_cond_branch": (
        """
        import jax

        def step(carry, _):
            key, total = carry
            key, sub = jax.random.split(key)
            total = jax.lax.cond(total > 0, lambda: jax.random.normal(sub), lambda: total)
            return (key, total), None

        def run(key):
            return jax.lax.scan(step, (key, 0.0), None, length=5)
        """,
        [],
    ),
    # A seed written where the key is made asks for that key on purpose (a dummy key for a
    # structure, fixed evaluation levels): nothing to report.
    "literal_seed_key_made_in_a_loop_body": (
        """
        import jax

        def step(state, _):
            noise = jax.random.normal(jax.random.PRNGKey(0), state.shape)
            return state + noise, None

        def run(state):
            return jax.lax.scan(step, state, None, length=5)
        """,
        [],
    ),
    # A key made in each iteration from a fixed seed (a fixed evaluation seed) is made so on
    # purpose where the reader sees it.
    "key_made_in_a_loop_body_from_an_outer_seed": (
        """
        import jax

        def run(state, seed):
            def step(state, _):
                key = jax.random.PRNGKey(seed)
                return state + jax.random.normal(key, state.shape), None
            return jax.lax.scan(step, state, None, length=5)
        """,
        [],
    ),
    # Module code (a notebook's cells) reads an imported module's function before a later cell
    # binds the name to something else: jitting that function in a loop jits one function
    # object, compiled once.
    "module_name_holds_its_import_until_rebound": (
        """
        import jax
        from brax.positional import pipeline

        state = None
        for i in range(1000):
            state = jax.jit(pipeline.step)(state, None)

        pipeline = "generalized"
        """,
        [],
    ),
    # An initializer a factory made draws from its key (measured with `jax_debug_key_reuse`):
    # two weights from one key are the same numbers.
    "one_key_given_to_an_initializer_twice": (
        """
        import jax

        def layer(key, n):
            init = jax.nn.initializers.he_uniform()
            w = init(key, (n, n))
            v = init(key, (n, n))
            zeros = jax.nn.initializers.zeros(key, (n,))
            return w, v, zeros
        """,
        [(6, "JAX501")],
    ),
    # flax linen's Dropout draws its mask from the `rng` it is given (measured with flax 0.12:
    # two calls with one key drop the same units).
    "one_key_given_to_two_dropouts": (
        """
        import flax.linen as nn

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x, y):
                rng = self.make_rng("dropout")
                x = nn.Dropout(0.1)(x, deterministic=False, rng=rng)
                y = nn.Dropout(0.1)(y, deterministic=False, rng=rng)
                return x + y
        """,
        [(8, "JAX501")],
    ),
    # A `for` loop that rebinds the key in every iteration leaves a new key after it.
    "key_rebound_in_every_iteration_of_a_for_loop": (
        """
        import jax

        def init(key, sizes):
            params = []
            for size in sizes:
                key, sub = jax.random.split(key)
                params.append(jax.random.normal(sub, (size,)))
            key, sub = jax.random.split(key)
            return params, jax.random.normal(sub, (1,))
        """,
        [],
    ),
    # `None` where a key may go is no key.
    "none_given_as_a_key": (
        """
        import jax

        def sinkhorn(x, noise_key=None):
            if noise_key is not None:
                x = x + jax.random.gumbel(noise_key, x.shape)
            return x

        def decode(xs):
            return [sinkhorn(x, noise_key=None) for x in xs]
        """,
        [],
    ),
    # A key made again from a fixed seed in every pass of a loop whose passes differ in
    # nothing the body reads (`for _ in range(epochs)`): the same draws every epoch.
    "key_made_again_each_epoch": (
        """
        import jax

        def epochs(images, n):
            flags = []
            for _ in range(n):
                key = jax.random.PRNGKey(0)
                flags.append(jax.random.bernoulli(key, 0.5, images.shape))
            return flags
        """,
        [(6, "JAX503")],  # at the constructor that makes the same key again, where the fix goes
    ),
    # The same over configurations the body reads (a benchmark per size): a fixed key on purpose.
    "key_made_again_per_configuration": (
        """
        import jax

        def benchmark(sizes):
            times = []
            for size in sizes:
                key = jax.random.PRNGKey(0)
                times.append(jax.random.normal(key, (size,)))
            return times
        """,
        [],
    ),
    # A pytree field weakly typed before a loop (`jnp.asarray(0.0)`) and strongly typed in the
    # jitted step's output: the second iteration compiles again (measured: 2 compiles).
    "weak_field_made_strong_by_the_loop": (WEAK_FIELD_LOOP, [(20, "JAX406")]),
    # The same with the field strongly typed from the start: one compile (measured).
    "strong_field_kept_strong_by_the_loop": (
        WEAK_FIELD_LOOP.replace("jnp.asarray(0.0)", "jnp.asarray(0.0, dtype=jnp.float32)"), [],
    ),
    # The loss reaches the field through `@` and `jax.value_and_grad`: `x @ p` of a strong
    # `x` is strong, and a differentiated argument keeps its dtype and weak type (measured on
    # jax 0.10.2), so the field comes back strong and the second iteration compiles again.
    "weak_field_made_strong_through_matmul_and_grad": (
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class Scaler(NamedTuple):
            scale: jax.Array
            average: jax.Array

        @jax.jit
        def step(params, scaler, x):
            loss, g = jax.value_and_grad(lambda p: jnp.mean(x @ p))(params)
            return params - scaler.scale * g, Scaler(scaler.scale, scaler.average + loss)

        def train():
            params, x = jnp.zeros(3), jnp.ones((4, 3))
            scaler = Scaler(jnp.asarray(1.0, jnp.float32), jnp.asarray(0.0))
            for _ in range(3):
                params, scaler = step(params, scaler, x)
            return params
        """,
        [(18, "JAX406")],
    ),
    # The same with weak operands only: `grad` keeps a weak argument weak, and `weak @ weak`
    # is weak, so the field stays as it was (measured: one compile).
    "weak_field_kept_weak_through_grad": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(p, total):
            value, g = jax.value_and_grad(lambda q: q * 2.0)(p)
            return p - g, total + value

        def train():
            p, total = jnp.asarray(1.0), jnp.asarray(0.0)
            for _ in range(3):
                p, total = step(p, total)
            return total
        """,
        [],
    ),
    # A `jax.random` draw is a strong float32 unless `dtype` says otherwise (measured on jax
    # 0.10.2): a weak Python-number field moved by one comes back strong, and compiles again.
    "weak_field_made_strong_by_a_random_draw": (
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class Walk(NamedTuple):
            position: jax.Array
            step_size: jax.Array

        @jax.jit
        def move(key, walk):
            noise = jax.random.normal(key, ())
            return Walk(walk.position + walk.step_size * noise, walk.step_size * jnp.exp(0.1 * noise))

        def sample(key, n):
            walk = Walk(jnp.zeros(()), 1.0)
            for _ in range(n):
                key, sub = jax.random.split(key)
                walk = move(sub, walk)
            return walk
        """,
        [(18, "JAX406")],
    ),
    # `ones_like` (`zeros_like`, `full_like`, ...) has its operand's dtype and weak type:
    # of a strong loss it is strong, and a field made a Python float comes back strong
    # (measured on jax 0.10.2: `step` traced twice); of the weak field itself it stays weak
    # (traced once).
    "like_constructor_keeps_its_operands_type": (
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class Search(NamedTuple):
            step_size: jax.Array
            value: jax.Array

        @jax.jit
        def step(params, search):
            value = jnp.sum(params ** 2)
            return params - search.step_size, Search(search.step_size * jnp.ones_like(value), value)

        @jax.jit
        def step_kept_weak(params, search):
            return params - search.step_size, Search(search.step_size * jnp.ones_like(search.step_size), search.value)

        def train():
            params = jnp.ones(3)
            search = Search(1.0, jnp.sum(params ** 2))
            for _ in range(3):
                params, search = step(params, search)
            kept = Search(1.0, jnp.sum(params ** 2))
            for _ in range(3):
                params, kept = step_kept_weak(params, kept)
            return params
        """,
        [(22, "JAX406")],
    ),
    # `logaddexp` (like the other elementwise functions) is weak only where every operand is:
    # a Python-float field combined with a strong float32 comes back strong (measured on jax
    # 0.10.2: traced twice), with a Python float it stays weak (traced once).
    "elementwise_function_promotes_weak_types": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def integrate(state):
            return state[0] + 1.0, jnp.logaddexp(state[1], state[2]), state[2]

        @jax.jit
        def integrate_weak(state):
            return state[0] + 1.0, jnp.logaddexp(state[1], 0.5), state[2]

        def run():
            state = (0.0, -1e30, jnp.zeros(()))
            for _ in range(3):
                state = integrate(state)
            weak = (0.0, -1e30, jnp.zeros(()))
            for _ in range(3):
                weak = integrate_weak(weak)
            return state, weak
        """,
        [(15, "JAX406")],
    ),
    # `jnp.iinfo(dtype).max` is a Python int: `jnp.where` of a strong int32 and it is a strong
    # int32, so a step counter made `jnp.array(0)` (weak) comes back strong (measured on jax
    # 0.10.2: traced twice); `t + 1` keeps it weak (traced once).
    "integer_limit_is_a_python_int": (
        """
        from typing import NamedTuple
        import jax
        import jax.numpy as jnp

        class Count(NamedTuple):
            t: jax.Array

        @jax.jit
        def saturating(count):
            limit = jnp.iinfo(jnp.int32).max
            return Count(jnp.where(count.t < limit, count.t + jnp.array(1, jnp.int32), limit))

        @jax.jit
        def plain(count):
            return Count(count.t + 1)

        def run():
            count, kept = Count(jnp.array(0)), Count(jnp.array(0))
            for _ in range(3):
                count = saturating(count)
                kept = plain(kept)
            return count, kept
        """,
        [(20, "JAX406")],
    ),
    # `jnp.inf` (`jnp.nan`, `np.pi`, `math.e`) is a Python float: `jnp.array(jnp.inf)` is weak,
    # and a reduction is strong even of a weak operand or of values whose dtype is not known
    # (measured on jax 0.10.2: a field made `jnp.array(jnp.inf)` and replaced by `jnp.sum(...)`
    # traced twice); replaced by a weak `value * 0.5` it stays weak (traced once).
    "float_constant_and_reduction_of_unknown_values": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def evaluate(params, search):
            return params, {"value": jnp.sum(params ** 2)}

        @jax.jit
        def halve(params, search):
            return params, {"value": search["value"] * 0.5}

        def run(params):
            search = kept = {"value": jnp.array(jnp.inf)}
            for _ in range(3):
                params, search = evaluate(params, search)
                params, kept = halve(params, kept)
            return search, kept
        """,
        [(15, "JAX406")],
    ),
    # `type(self)(...)` builds another object of the receiver's class, `x.astype(jnp.float32)`
    # is a strong float32 and `x.sum()` is `jnp.sum(x)`: an int32 count merged with a float
    # count comes back float32 (measured on jax 0.10.2: traced twice); merged with an int32
    # count it does not change (traced once).
    "merge_through_type_of_self": (
        """
        import dataclasses
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Average:
            count: jax.Array

            def merge(self, other):
                return type(self)(count=self.count + other.count)

        @jax.jit
        def add_float(average, mask):
            return average.merge(Average(count=mask.astype(jnp.float32).sum()))

        @jax.jit
        def add_int(average, mask):
            return average.merge(Average(count=mask.astype(jnp.int32).sum()))

        def run(masks):
            average = Average(count=jnp.array(0, jnp.int32))
            for mask in masks:
                average = add_float(average, mask)
            kept = Average(count=jnp.array(0, jnp.int32))
            for mask in masks:
                kept = add_int(kept, mask)
            return average, kept
        """,
        [(24, "JAX406")],
    ),
    # Every reduction is strongly typed, whatever it reduces (measured on jax 0.10.2: `max`,
    # `argmax`, `prod`, `var`, `any` of a weak array are strong): an index made the Python `0`
    # and refilled with `jnp.argmax(...)` compiles again (traced twice), one kept as `where + 0`
    # does not (traced once).
    "reductions_are_strongly_typed": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def track(where, scores):
            return jnp.argmax(scores)

        @jax.jit
        def keep(where, scores):
            return where + 0

        def run(batches):
            where = kept = 0
            for scores in batches:
                where = track(where, scores)
                kept = keep(kept, scores)
            return where, kept
        """,
        [(15, "JAX406")],
    ),
    # A static argument is keyed by its value and its type, not by the dtypes of what it holds
    # (measured on jax 0.10.2: static `2` then `2.0` compiles twice, `(1, 2)` then `(1.0, 2)`
    # once): a Python number that turns from `int` to `float` is reported, a static tuple whose
    # items do is not.
    "static_argument_keyed_by_its_type": (
        """
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=1)
        def scale(x, factor):
            return x * factor[0] if isinstance(factor, tuple) else x * factor

        def run(x):
            factor = 2
            for _ in range(3):
                x = scale(x, factor)
                factor = factor * 1.0
            factors = (1, 2)
            for _ in range(3):
                x = scale(x, factors)
                factors = (factors[0] * 1.0, 2)
            return x
        """,
        [(11, "JAX406")],
    ),
    # The elements of `jnp.linspace` are strong float32 scalars, unlike the weak
    # `jnp.asarray(0.0)` passed first (measured on jax 0.10.2: traced twice).
    "elements_of_an_array_keep_its_dtype": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            return x * 2

        def sweep():
            f(jnp.asarray(0.0))
            for v in jnp.linspace(0.0, 1.0, 3):
                f(v)
        """,
        [(11, "JAX406")],
    ),
    # A loop over arrays of different shapes the module shows one by one (a comprehension over
    # a handful of sizes) runs its body once per item: an argument padded to the item's own
    # size changes shape with it (measured on jax 0.10.2: `energy` compiled 3 times), one
    # padded to a multiple of 8 does not (`energy_bucketed` compiled once).
    "arrays_padded_to_their_own_size_in_a_loop_over_items": (
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def energy(positions):
            return jnp.sum(positions ** 2)

        @jax.jit
        def energy_bucketed(positions):
            return jnp.sum(positions ** 2)

        def pad(positions, multiple=1):
            n = (len(positions) + multiple) // multiple * multiple
            padded = np.zeros((n, 3), np.float32)
            padded[: len(positions)] = positions
            return padded

        def relax(structures):
            for positions in structures:
                energy(pad(positions))
                energy_bucketed(pad(positions, 8))

        def run():
            rng = np.random.default_rng(0)
            relax([rng.uniform(0.0, 2.0, (n, 3)) for n in (5, 6, 7)])
        """,
        [(21, "JAX404")],
    ),
    # A dtype given as a builtin (`bool`, `float`) is a dtype like any other.
    "dtype_given_as_a_builtin": (
        """
        import jax
        import jax.numpy as jnp

        def masks(n):
            step = jax.jit(lambda m: m)
            out = jnp.zeros(n, dtype=bool)
            for _ in range(3):
                out = step(jnp.asarray(out, dtype=float))
            return out
        """,
        [],
    ),
    # A thread runs its target with the arguments given: every thread draws from one key.
    "key_handed_to_every_thread": (
        """
        import threading
        import jax

        def worker(key, out, i):
            out[i] = jax.random.normal(key, (3,))

        def run(key, n):
            out = {}
            for i in range(n):
                threading.Thread(target=worker, args=(key, out, i)).start()
            return out
        """,
        [(10, "JAX503")],
    ),
    # A module held in a variable is that module: `xp.all(...)` with `xp=jnp` gives a tracer.
    "module_as_value": (
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def validate(a, xp):
            if not xp.all(xp.isfinite(a)):
                raise ValueError("infs")
            return a

        def to_ndc(d, xnp=np):
            return xnp.stack([d, d])

        @jax.jit
        def step(a):
            return validate(a, jnp)

        @jax.jit
        def rays(a):
            return to_ndc(a * 2.0)
        """,
        [(6, "JAX201"), (11, "JAX203")],
    ),
    # A key kept in an object's field is consumed by each method that draws from it; a method
    # that rebinds the field leaves a new key behind, and an unknown call may change it.
    "key_in_object_field": (
        """
        import jax

        class Model:
            def __init__(self, seed):
                self.key = jax.random.PRNGKey(seed)

            def noise(self):
                return jax.random.normal(self.key, (3,))

            def fresh(self):
                self.key, sub = jax.random.split(self.key)
                return jax.random.normal(sub, (3,))

        def reused():
            model = Model(0)
            return model.noise() + model.noise()

        def advanced():
            model = Model(0)
            return model.fresh() + model.fresh()

        def reset_between(reset):
            model = Model(0)
            a = model.noise()
            reset(model)
            return a + model.noise()
        """,
        [(16, "JAX501")],
    ),
    # What reaches a static position is known however the call gets there: NumPy data given
    # through `jax.grad` of a jitted function (measured: ValueError, non-hashable static).
    "static_value_through_grad": (
        """
        from functools import partial
        import jax
        import jax.numpy as jnp
        import numpy as np

        @partial(jax.jit, static_argnums=(1,))
        def loss(r, x):
            return jnp.mean((x @ r) ** 2)

        def fit(steps=3):
            x = np.ones((4, 2))
            r = jnp.zeros(2)
            grad_fn = jax.grad(loss)
            for _ in range(steps):
                r = r - 0.1 * grad_fn(r, x)
            return r
        """,
        [(15, "JAX302")],
    ),
    # `zip` runs as long as its shortest argument: three keys from `split(key, 3)` over a
    # three-field NamedTuple is three iterations, not one per row of the data.
    "zip_of_known_lengths": (
        """
        from typing import NamedTuple
        import jax

        class Samples(NamedTuple):
            a: jax.Array
            b: jax.Array
            c: jax.Array

        @jax.jit
        def update(samples: Samples, key):
            subkeys = jax.random.split(key, 3)
            out = []
            for x, k in zip(samples, subkeys):
                out.append(x + jax.random.normal(k, x.shape))
            return out
        """,
        [],
    ),
    # Outside a loop a name holds what its reaching binding gave it: a module-level `x = 2.`
    # rebound to an array before the only call is one compile (measured: _cache_size() == 1).
    "reaching_binding_at_module_level": (
        """
        import jax
        import jax.numpy as jnp

        x = 2.0

        def total(v):
            return jnp.sum(jnp.sin(v))

        f_jit = jax.jit(total)
        x = jnp.ones((10, 10))
        z = f_jit(x)
        """,
        [],
    ),
    # A loop over `range(n)` of a static `n` unrolls as many bodies as the traced call's `n`.
    "static_trip_count": (
        """
        import functools
        import jax
        import jax.numpy as jnp

        @functools.partial(jax.jit, static_argnums=1)
        def sample(x, n):
            for _ in range(n):
                x = jnp.tanh(x) + 1.0
            return x

        def main():
            return sample(jnp.ones(3), 1000), sample(jnp.ones(3), 4)
        """,
        [(7, "JAX407")],
    ),
    # A class defining `__hash__` but not `__eq__` compares by identity: each new instance at a
    # static position compiles again (measured: 3 traces for 3 instances); `__eq__` alone makes
    # `__hash__` None (measured: ValueError: Non-hashable static arguments).
    "hash_without_eq": (
        """
        from functools import partial
        import jax

        class HashOnly:
            def __hash__(self):
                return 0

        class EqOnly:
            def __eq__(self, other):
                return True

        @partial(jax.jit, static_argnums=0)
        def f(obj, x):
            return x

        def sweep(x):
            for _ in range(3):
                x = f(HashOnly(), x)
            return f(EqOnly(), x)
        """,
        [(18, "JAX405"), (19, "JAX302")],
    ),
    # A transformation applied inside a jitted body traces with what that body passes: `loss`
    # runs under `jax.grad` with jit's abstract tracers, and NumPy's submodules convert them.
    "grad_applied_inside_jit": (
        """
        import numpy as np
        import jax

        def loss(t, lap):
            return np.linalg.inv(np.eye(lap.shape[0]) - t * lap).sum()

        @jax.jit
        def dloss(t, lap):
            return jax.grad(loss)(t, lap)
        """,
        [(5, "JAX203")],
    ),
    # `x.at[i]` is the index helper again: `.set` gives the array back, a traced one.
    "index_update_returns_the_array": (
        """
        import jax

        @jax.jit
        def clip_first(x, i):
            y = x.at[i].set(0.0)
            if y.sum() > 0:
                return y
            return x
        """,
        [(6, "JAX201")],
    ),
    # A mask built from static sizes with `jnp` is traced inside jit; one from NumPy is not.
    "mask_through_the_index_helper": (
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def f(x):
            traced_mask = jnp.arange(x.shape[0]) % 2 == 0
            host_mask = np.arange(x.shape[0]) % 2 == 0
            return x.at[traced_mask].set(0.0) + x.at[host_mask].set(1.0)
        """,
        [(9, "JAX205")],
    ),
    # A class registered with `register_pytree_node_class` crosses jit as its `tree_flatten`
    # says: the children come back traced, the aux data as it was; builtin `max` of a traced
    # child raises, and what it stands for is still traced where a slice needs a bound.
    "flattened_pytree_children_are_traced": (
        """
        import jax
        import jax.numpy as jnp
        from jax import tree_util

        @tree_util.register_pytree_node_class
        class Banded:
            def __init__(self, lower, values, n):
                self.lower = lower
                self.values = values
                self.n = n

            def tree_flatten(self):
                return [self.values, self.lower], (self.n,)

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(children[1], children[0], *aux)

        def band(m):
            total = sum(range(m.n))
            stop = min(m.n, m.lower[0] + 1)
            return m.values[:stop].sum() + total

        def run():
            return jax.jit(band)(Banded(jnp.array([1]), jnp.ones(4), 4))
        """,
        [(21, "JAX206"), (22, "JAX205")],
    ),
    # A loop over a dimension that every trace knew to be tiny (2 or 3 rows) is structure;
    # one that some trace could not tell is data-sized.
    "shape_known_from_every_caller": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def rows(x):
            doubled = []
            for i in range(x.shape[0]):
                doubled.append(x[i] * 2)
            return doubled

        @jax.jit
        def columns(x):
            total = 0.0
            for j in range(x.shape[1]):
                total = total + x[:, j].sum()
            return total

        def run(data):
            return rows(jnp.ones((3, 2))), rows(jnp.ones((2, 2))), columns(jnp.ones((3, 2))), columns(data)
        """,
        [(14, "JAX407")],
    ),
    # A list built by a comprehension keeps the length of what it iterates: 120 names from
    # `range(N_VARS)`, held by an object a jitted function closes over, unroll 120 bodies.
    "comprehension_keeps_its_length": (
        """
        import jax

        N_VARS = 120

        class Interface:
            def __init__(self, names):
                self.names = names

            def update(self, position, state):
                for name in self.names:
                    state[name] = position[name]
                return state

        def run(position, state):
            interface = Interface([f"beta_{i}" for i in range(N_VARS)])

            @jax.jit
            def update(position, state):
                return interface.update(position, dict(state))

            return update(position, state)
        """,
        [(10, "JAX407")],
    ),
    # A list grown by the same appends on every pass of a loop of known trip count ends with
    # all of them: 20 keys appending 2 layers build 40, kept through `tuple(...)`, an equinox
    # module and `jax.grad` of it (a differentiated pytree keeps its length). 6 keys build 12
    # (a small unroll), and an append under a condition leaves the length unknown.
    "appended_list_keeps_its_length": (
        """
        from typing import Tuple
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        class Scale(eqx.Module):
            w: jax.Array

        class Chain(eqx.Module):
            layers: Tuple[Scale, ...]

            def __call__(self, x):
                for layer in self.layers:
                    x = jnp.tanh(x * layer.w)
                return x

        def build(key, n, every=1):
            layers = []
            for i, k in enumerate(jax.random.split(key, n)):
                layers.append(Scale(jax.random.normal(k, (3,))))
                if i % every == 0:
                    layers.append(Scale(jnp.ones(3)))
            return Chain(tuple(layers))

        def build_pairs(key, n):
            layers = []
            for k in jax.random.split(key, n):
                layers.append(Scale(jax.random.normal(k, (3,))))
                layers.append(Scale(jnp.ones(3)))
            return Chain(tuple(layers))

        @eqx.filter_jit
        def step(chain, x):
            return jax.grad(lambda c: c(x).sum())(chain)

        def run():
            x = jnp.ones(3)
            first, second, third = jax.random.PRNGKey(0), jax.random.PRNGKey(1), jax.random.PRNGKey(2)
            return step(build_pairs(first, 20), x), step(build_pairs(second, 6), x), step(build(third, 20, 2), x)
        """,
        [(13, "JAX407")],
    ),
    # ... and so does a list an `__init__` grows on `self` (`self.layers.append(...)` over
    # `range(depth)`): a jitted bound method loops over 36 layers (measured on jax 0.10.2: 2
    # equations per layer, 72 for 36); 6 stay a small unroll.
    "layers_appended_in_init_keep_their_length": (
        """
        import jax
        import jax.numpy as jnp

        class Stack:
            def __init__(self, depth, width=8):
                self.layers = []
                for _ in range(depth):
                    self.layers.append(jnp.eye(width))

            def __call__(self, x):
                for w in self.layers:
                    x = jnp.tanh(x @ w)
                return x

        def run(x):
            deep, shallow = Stack(depth=36), Stack(depth=6)
            return jax.jit(deep.__call__)(x), jax.jit(shallow.__call__)(x)
        """,
        [(11, "JAX407")],
    ),
    # What an unrolled loop costs is its iterations times its body's weight (measured on jax
    # 0.10.2, `bench/bench_unroll_weight.py`: 8 steps of `value_and_grad` and an Adam update
    # 1.1 s, 32 steps of `tanh(x @ w + b)` 0.07 s): 10 steps of a differentiated loss with an
    # update are reported, through a helper too; 10 steps of two operations, and 4 heavy steps
    # (a handful), are not.
    "heavy_bodies_weigh_their_iterations": (
        """
        from functools import partial
        import jax
        import jax.numpy as jnp

        def loss(w, x, y):
            h = jnp.tanh(x @ w["a"] + w["b"])
            return jnp.mean((h @ w["c"] - y) ** 2)

        def update(w, x, y):
            g = jax.grad(loss)(w, x, y)
            return jax.tree_util.tree_map(lambda p, d: p - 0.01 * d, w, g)

        @partial(jax.jit, static_argnames="steps")
        def train(w, x, y, steps):
            for i in range(steps):
                w = update(w, x[i], y[i])
            return w

        @jax.jit
        def light(x):
            for _ in range(10):
                x = jnp.tanh(x) * 2.0
            return x

        @jax.jit
        def few(w, x, y):
            for i in range(4):
                w = update(w, x[i], y[i])
            return w

        def run(w, x, y):
            return train(w, x, y, 10), light(x), few(w, x, y)
        """,
        [(15, "JAX407")],
    ),
    # Draws weigh what their generator adds (`jax.random.normal`: 14 equations on jax 0.10.2):
    # 12 steps of two draws and an update cross the cost; 12 steps of the update alone do not.
    "draws_weigh_their_generators": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def noisy(key, x):
            for _ in range(12):
                key, a, b = jax.random.split(key, 3)
                x = x + jax.random.normal(a, x.shape) * jax.random.uniform(b, x.shape)
            return x

        @jax.jit
        def plain(x):
            for _ in range(12):
                x = x + jnp.sin(x) * 0.1
            return x
        """,
        [(6, "JAX407")],
    ),
    # A `while` loop on a Python counter weighs its body as a `for` loop does: 12 steps of a
    # gradient and a draw are reported, 12 doublings are not.
    "while_loops_weigh_their_bodies": (
        """
        import jax
        import jax.numpy as jnp

        def loss(w, x):
            return jnp.mean(jnp.tanh(x @ w) ** 2)

        @jax.jit
        def refine(w, xs):
            i = 0
            while i < 12:
                w = w - 0.1 * jax.grad(loss)(w, xs[i]) + jax.random.normal(jax.random.PRNGKey(i), w.shape)
                i += 1
            return w

        @jax.jit
        def light(w):
            i = 0
            while i < 12:
                w = w * 2.0
                i += 1
            return w
        """,
        [(10, "JAX407")],
    ),
    # A heavy loop whose body breaks on a traced test raises in its first iteration (measured
    # on jax 0.10.2: TracerBoolConversionError): nothing unrolls until that is fixed, so only
    # the concretization is reported.
    "a_heavy_loop_that_raises_is_not_weighed": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def fit(x, centroids):
            for _ in range(10):
                old = centroids
                d = jnp.sum((x[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
                labels = jnp.argmin(d, axis=1)
                centroids = jnp.stack([jnp.mean(jnp.where((labels == j)[:, None], x, 0.0), axis=0) for j in range(4)])
                centroids = centroids + jnp.tanh(centroids) * jnp.cos(centroids) - jnp.sin(old) * 0.01
                if jnp.max(jnp.abs(centroids - old)) < 1e-4:
                    break
            return centroids
        """,
        [(12, "JAX201")],
    ),
    # `len(obj)` of an object of the checked code is what its `__len__` returns: a jitted
    # method looping over `range(len(self))` of 40 modifiers unrolls 40 bodies; 3 stay quiet.
    "len_of_an_object_runs_its_dunder_len": (
        """
        import jax
        import jax.numpy as jnp

        class Chain:
            def __init__(self, *scales):
                self.scales = list(scales)

            def __len__(self):
                return len(self.scales)

            def __call__(self, x):
                for i in range(len(self)):
                    x = x * self.scales[i] + jnp.sin(x)
                return x

        def run(x):
            long, short = Chain(*[1.0] * 40), Chain(1.0, 2.0, 3.0)
            return jax.jit(long.__call__)(x), jax.jit(short.__call__)(x)
        """,
        [(12, "JAX407")],
    ),
    # A classmethod over a jitted function (`@classmethod @partial(jax.jit, static_argnames=
    # ["cls", "n"])`) receives the class first, through the class or an instance: the static
    # `n` that follows is the caller's 32 or 48 (measured on jax 0.10.2: the trace has 13
    # equations per step, 416 for 32 steps).
    "classmethod_over_jit_receives_the_class": (
        """
        from functools import partial
        import jax

        class Learner:
            @classmethod
            @partial(jax.jit, static_argnames=["cls", "n"])
            def train(cls, x, n):
                for _ in range(n):
                    x = x - 0.1 * jax.numpy.sin(x)
                return x

            @classmethod
            @partial(jax.jit, static_argnames=("cls", "steps"))
            def tune(cls, x, steps, rate=0.5):
                total = x
                for _ in range(steps):
                    total = total + rate * jax.numpy.cos(total)
                return total

        def run(x):
            return Learner.train(x, 32), Learner().tune(x, 48)
        """,
        [(8, "JAX407"), (16, "JAX407")],
    ),
    # `jax.checkpoint`'s `static_argnums` index the positional arguments of each call (measured
    # on jax 0.10.2): a flag passed there stays a Python bool in the body (no JAX201); passed by
    # keyword, even through a jit whose `static_argnums=1` takes it, the call raises ValueError
    # before the body is traced (JAX303 at the option, and nothing from the body).
    "checkpoint_static_argnums_index_the_call": (
        """
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=1)
        @partial(jax.checkpoint, static_argnums=1)
        def kick(x, damped=False):
            if damped:
                x = x * 0.5
            return x

        def positional(x):
            return kick(x, True)

        def by_keyword(x):
            return kick(x, damped=True)

        positional(jax.numpy.ones(3))
        by_keyword(jax.numpy.ones(3))
        """,
        [(5, "JAX303")],
    ),
    # Loops nest across calls: a helper's 6 steps called from each of 8 iterations unroll 48
    # bodies (reported at the helper's loop, where the product reaches the threshold); 4 x 6
    # stay under it. A spread of known length passes that many arguments.
    "trips_multiply_across_calls": (
        """
        import jax
        import jax.numpy as jnp

        def rollout(x, n_steps=6):
            for _ in range(n_steps):
                x = jnp.tanh(x) + 1.0
            return x

        def stack(*layers):
            return layers

        @jax.jit
        def evaluate(xs):
            return [rollout(x) for x in xs]

        @jax.jit
        def evaluate_few(x):
            out = []
            for layer in stack(*([x] * 4)):
                out.append(jnp.sin(layer))
            return out

        @jax.jit
        def evaluate_many(x):
            out = []
            for layer in stack(*([x] * 8)):
                out.append(rollout(layer))
            return out

        def run(x):
            return evaluate([x, x]), evaluate_few(x), evaluate_many(x)
        """,
        [(5, "JAX407")],
    ),
    # A body that draws random numbers unrolls a counter-based generator per iteration: 20 steps
    # are reported (jax 0.10.2, CPU: 4x the scan's compile at 16 steps, `bench_unroll.py --body
    # draws`), also when the draw is in a helper first traced outside the loop; 20 elementwise
    # steps are not.
    "drawing_body_unrolls_sooner": (
        """
        import jax
        import jax.numpy as jnp

        def noise(key, x):
            return x + jax.random.normal(key, x.shape)


        @jax.jit
        def simulate(key, x):
            for _ in range(20):
                key, sub = jax.random.split(key)
                x = x + jax.random.normal(sub, x.shape)
            return x


        @jax.jit
        def smooth(x):
            for _ in range(20):
                x = 0.5 * (x + jnp.roll(x, 1))
            return x


        @jax.jit
        def perturb(keys, x):
            x = noise(keys[0], x)
            for key in [keys[0]] * 20:
                x = noise(key, x)
            return x
        """,
        [(10, "JAX407"), (26, "JAX407")],
    ),
    # `[x] * 200` is summarised but keeps its length: zipping two such lists in a jitted
    # function unrolls 200 bodies (a known trip count above the threshold).
    "repeated_list_keeps_its_length": (
        """
        import jax
        import jax.numpy as jnp

        GRAPHS = 200

        @jax.jit
        def forward(adjacency, features):
            outputs = []
            for a, f in zip(adjacency, features):
                outputs.append(a @ f)
            return len(outputs), outputs

        def run():
            return forward([jnp.eye(3)] * GRAPHS, [jnp.ones((3, 2))] * GRAPHS)
        """,
        [(9, "JAX407")],
    ),
    # `zip` is as long as its shortest argument: beside a pytree's leaves, the keys split for
    # them bound nothing (jax 0.10.2: the loop over 5 leaves traces 21 equations, the same
    # program as `tree_map`), while zipping two traced arrays runs once per row of data.
    "zip_with_a_host_list_is_as_long_as_the_list": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def quantize_tree(params, rng):
            leaves, treedef = jax.tree_util.tree_flatten(params)
            rngs = jax.random.split(rng, len(leaves))
            out = []
            for leaf, r in zip(leaves, rngs):
                out.append(leaf + jax.random.uniform(r, leaf.shape))
            return jax.tree_util.tree_unflatten(treedef, out)

        @jax.jit
        def weighted(xs, ws):
            xs, ws = jnp.asarray(xs), jnp.asarray(ws)
            total = 0.0
            for x, w in zip(xs, ws):
                total = total + x * w
            return total
        """,
        [(17, "JAX407")],
    ),
    # A loop over a static dimension whose body multiplies Python numbers adds nothing to the
    # program (jax 0.10.2: `make_jaxpr` gives 1 equation for n = 2 and n = 50); the loop that
    # adds array columns is unrolled.
    "loop_computing_python_numbers_only": (
        """
        import jax

        def _epsilon_multi(u):
            n = u.shape[1]
            cn = 1.0
            for k in range(1, n + 2):
                cn *= (n + 1 + k) / k
            total = 0
            for k in range(n):
                total = total + u[:, k]
            return u * cn / (n + 2) + total

        @jax.jit
        def _epsilon(u):
            return _epsilon_multi(u)
        """,
        [(9, "JAX407")],
    ),
    # `run` stores its argument on `b` and `b.f()` reads it back in the same trace: each call
    # reads its own argument (jax 0.10.2: run(10.0) = 10.0, grad 1.0, run(20.0) = 20.0), only
    # the trace-time store is a finding. `A.get` reads a host value that `set_params` changes
    # after the compile: a.fast(2.0) stays 2.0 after set_params(3.0).
    "attribute_stored_and_read_back_in_one_trace": (
        """
        import jax


        class B:
            def f(self):
                return self.E

            def set_params(self, E):
                self.E = E


        b = B()


        @jax.jit
        def run(E):
            b.set_params(E)
            return b.f()


        class A:
            def __init__(self):
                self.E = 1.0
                self.fast = jax.jit(self.get)

            def get(self, x):
                return x * self.E

            def set_params(self, E):
                self.E = E
        """,
        [(9, "JAX105"), (27, "JAX108")],
    ),
    # A function defined (and jitted) in each iteration of an outer loop over the arrays that
    # iteration sliced, called in an inner loop: one compile per outer iteration (jax 0.10.2:
    # 3 compiles for 3 outer iterations of 3 calls each), reported at the call.
    "closure_made_per_outer_iteration": (
        """
        import jax
        import jax.numpy as jnp

        def fit_each(ys, n_iters):
            fitted = []
            for k in range(ys.shape[0]):
                target = ys[k]

                @jax.jit
                def step(s):
                    return s - 0.1 * (s - target)

                s = jnp.zeros(4)
                for _ in range(n_iters):
                    s = step(s)
                fitted.append(s)
            return fitted

        fit_each(jnp.ones((3, 4)), 3)
        """,
        [(15, "JAX401")],
    ),
    # The same through a factory: the closure is made by the call in the loop body.
    "closure_made_by_factory_per_outer_iteration": (
        """
        import jax
        import jax.numpy as jnp

        def build_kernel(scale):
            def kernel(x):
                return x * scale
            return kernel

        def warmup(x, schedule):
            scale = jnp.ones(3)
            for window in schedule:
                kernel = jax.jit(build_kernel(scale))
                for _ in range(window):
                    x = kernel(x)
                scale = scale * 1.1
            return x

        warmup(jnp.ones(3), [3, 3, 3])
        """,
        [(14, "JAX401")],
    ),
    # Built once before the loops, or closing over no array (a configuration), or per element
    # of a literal tuple of configurations: nothing to report.
    "closure_made_once_or_over_configuration": (
        """
        import jax
        import jax.numpy as jnp

        def build_kernel(scale):
            def kernel(x):
                return x * scale
            return kernel

        def once(x, schedule):
            kernel = jax.jit(build_kernel(jnp.ones(3)))
            for window in schedule:
                for _ in range(window):
                    x = kernel(x)
            return x

        def per_config(x, configs):
            for cfg in configs:
                kernel = jax.jit(build_kernel(cfg.scale))
                for _ in range(3):
                    x = kernel(x)
            return x

        def per_literal(x, data):
            for scale in (1.0, 2.0):
                kernel = jax.jit(build_kernel(data * scale))
                for _ in range(3):
                    x = kernel(x)
            return x

        once(jnp.ones(3), [3, 3])
        per_config(jnp.ones(3), [])
        per_literal(jnp.ones(3), jnp.ones(3))
        """,
        [],
    ),
    # A constructor that takes the result's shape (`jax.random.uniform(key, (4, 4))`) makes an
    # array of that shape; held in a meta field it cannot be compared by the next call (jax
    # 0.10.2: `ValueError: Exception raised while checking equality of metadata fields`).
    "constructor_shape_in_static_field": (
        """
        import dataclasses
        import jax
        import jax.random as jr

        @dataclasses.dataclass(frozen=True)
        class Data:
            data: object

        jax.tree_util.register_dataclass(Data, data_fields=[], meta_fields=["data"])

        @jax.jit
        def total(d, x):
            return x + 1.0

        def evaluate(x, seeds):
            return [total(Data(jr.uniform(jr.PRNGKey(s), (4, 4))), x) for s in seeds]
        """,
        [(16, "JAX302")],
    ),
    # `static_argnames` known by value where `jax.jit` runs: a decorator factory's parameter
    # (jax 0.10.2 raises `ValueError: Jitted function has invalid argnames {'m'}` for a
    # function of `*args` alone).
    "static_argnames_by_value": (
        """
        import jax

        def compiled(static_argnames=()):
            def decorator(fn):
                def call(*args):
                    return fn(*args)
                return jax.jit(call, static_argnames=static_argnames)
            return decorator

        def add(n, m):
            return n + m

        def main():
            return compiled(static_argnames=("m",))(add)(1, 2)
        """,
        [(7, "JAX304")],
    ),
    # `static_argnums` by value, through two factories; a number in range is left alone (jax
    # 0.10.2: `jax.jit(f, static_argnums=5)` on `def f(x, n)` raises `ValueError: Jitted
    # function has static_argnums=(5,), but only accepts 2 positional arguments`; `(1,)` runs).
    "static_argnums_by_value": (
        """
        import jax

        def compiled(fn, numbers):
            return jax.jit(fn, static_argnums=numbers)

        def with_static(fn, numbers):
            return compiled(fn, numbers)

        def step(x, n):
            return x * n

        def main(x):
            return with_static(step, 5)(x, 3), with_static(step, (1,))(x, 3)
        """,
        [(4, "JAX303")],
    ),
    # A lax body is traced with the function that applies its loop: scanned in a jitted
    # function, it runs its Python once per compilation wherever it is defined (jax 0.10.2: a
    # body defined in a factory and scanned in a jitted `epoch` runs once for three calls); a
    # loop applied in host code traces it on every call, which a cached effect does not flag.
    "lax_body_freezes_with_the_jitted_function_applying_it": (
        """
        import jax
        from jax import lax

        def make_epoch(n_steps, seen):
            def step(w, _):
                seen.append(w)
                return w * 0.9, None

            @jax.jit
            def epoch(w):
                return lax.scan(step, w, None, length=n_steps)

            return epoch

        def make_eager_epoch(n_steps, seen):
            def step(w, _):
                seen.append(w)
                return w * 0.9, None

            def epoch(w):
                return lax.scan(step, w, None, length=n_steps)

            return epoch

        epoch = make_epoch(4, [])
        eager_epoch = make_eager_epoch(4, [])
        """,
        [(6, "JAX104")],
    ),
    # grad gives the arguments it differentiates (`argnums`, the first by default) as JVP
    # tracers whatever the caller passes, also where no call is seen: NumPy and `float()` on
    # them raise, truth and NumPy on the other arguments work (jax 0.10.2:
    # TracerArrayConversionError for `np.linalg.inv`, ConcretizationTypeError for `float`).
    "differentiated_arguments_are_jvp_tracers": (
        """
        import numpy as np
        import jax

        def energy(lattice, charges):
            if lattice.sum() > 0:
                charges = np.asarray(charges)
            return (np.linalg.inv(lattice) * charges).sum()

        force = jax.grad(energy)

        @jax.grad
        def scaled(x):
            return float(x) * 2.0

        def potential(lattice, charges):
            return (np.linalg.inv(lattice) * np.asarray(charges)).sum()

        def stress(lattice, charges):
            return jax.grad(potential, argnums=1)(lattice, charges)
        """,
        [(7, "JAX203"), (13, "JAX202"), (16, "JAX203")],
    ),
    # scan's `length` and `unroll`, and fori_loop's `unroll`, must be Python values: a traced
    # one raises ConcretizationTypeError, a field of a traced config included; a length read
    # from a shape is static (jax 0.10.2).
    "lax_loop_arguments_that_must_be_concrete": (
        """
        from typing import NamedTuple
        import jax
        from jax import lax

        class Config(NamedTuple):
            horizon: int

        def step(c, _):
            return c, c

        @jax.jit
        def rollout(cfg, x, n):
            lax.scan(step, x, None, cfg.horizon)
            lax.scan(step, x, None, length=x.shape[0], unroll=n)
            lax.fori_loop(0, 3, lambda i, c: c, x, unroll=n)
            return lax.scan(step, x, None, length=x.shape[0], unroll=2)

        def run(x):
            return rollout(Config(4), x, 2)
        """,
        [(13, "JAX202"), (14, "JAX202"), (15, "JAX202")],
    ),
    # lax's constructors and reshapes need concrete sizes (TypeError or
    # TracerBoolConversionError on jax 0.10.2 for a traced one).
    "lax_shape_arguments": (
        """
        import jax
        from jax import lax

        @jax.jit
        def pad(row, n):
            width = row.shape[0]
            full = lax.full((n, width), 0.0)
            same = lax.broadcast_in_dim(row, (width, width), (1,))
            return full, lax.iota("int32", n), lax.reshape(row, (n, 1)), same
        """,
        [(7, "JAX204"), (9, "JAX204"), (9, "JAX204")],
    ),
    # The shape queries of jax.numpy and NumPy convert a Python list or tuple with NumPy first:
    # one holding a tracer raises TracerArrayConversionError, an array or a list of numbers
    # does not (jax 0.10.2).
    "shape_of_a_list_of_tracers": (
        """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def featurize(x):
            blocks = [x, jnp.sin(x)]
            return jnp.ndim(blocks) + np.shape((x, x))[0] + jnp.ndim(x) + jnp.size([1.0, 2.0])
        """,
        [(8, "JAX203"), (8, "JAX203")],
    ),
    # `jnp.apply_along_axis` vmaps its function over slices of the array at once: the slice is
    # an abstract tracer (one-argument `where` raises ConcretizationTypeError outside any jit),
    # while the arguments after the array are passed as they are (`if n > 1` runs).
    "apply_along_axis_maps_its_function": (
        """
        import jax.numpy as jnp

        def active_columns(row, n):
            if n > 1:
                return jnp.where(row)[0]
            return row

        def table(mask):
            return jnp.apply_along_axis(active_columns, 1, mask, 3)
        """,
        [(5, "JAX204")],
    ),
    # The items of a tuple spread into a jitted call (`f(x, *args)`) reach the positions they
    # fill: a list among them at a static position cannot be hashed (jax 0.10.2: ValueError
    # "Non-hashable static arguments are not supported"); a tuple and a number can.
    "values_spread_into_static_positions": (
        """
        from functools import partial
        import jax

        def bounds(v):
            return [v.min(), v.max()]

        @partial(jax.jit, static_argnums=(1, 2))
        def render(x, corners, n):
            return x

        def view(x):
            render(x, *((1, 2), 16))
            return render(x, *(bounds(x), 16))
        """,
        [(13, "JAX302")],
    ),
    # `round` of constants folds as Python folds it: `int(round(4e-4 / 1e-5))` is 40 steps, a
    # loop of 40 unrolled bodies; `round(0.5)` is 0, a loop that runs no step.
    "round_of_constants_is_a_step_count": (
        """
        from typing import NamedTuple
        import jax

        class Solver(NamedTuple):
            dt: float = 1e-5
            t_final: float = 4e-4

            @property
            def n_steps(self):
                return int(round(self.t_final / self.dt))

        @jax.jit
        def integrate(u):
            for _ in range(Solver().n_steps):
                u = u * 0.5
            for _ in range(round(0.5) * 100):
                u = u + 1
            return u
        """,
        [(14, "JAX407")],
    ),
    # The deprecated form `lax.cond(pred, true_operand, true_fun, false_operand, false_fun)`,
    # still accepted by jax 0.10.2: each function gets its own operand, so `head` runs with
    # `limit=2` and never reaches `int` (it returns [1. 1.]); `int(v[0])` of the operand raises
    # ConcretizationTypeError.
    "deprecated_cond_gives_each_function_its_operand": (
        """
        from functools import partial
        import jax
        from jax import lax

        def head(x, limit=None):
            if limit is None:
                limit = int(x.sum())
            return x[:limit]

        @jax.jit
        def update(x):
            return lax.cond(x[0] > 0, x, partial(head, limit=2), x, lambda v: v[:2])

        @jax.jit
        def concrete(x):
            return lax.cond(x[0] > 0, x, lambda v: v * int(v[0]), x, lambda v: v)
        """,
        [(16, "JAX202")],
    ),
    # A bound method's receiver is no argument of jit: the object reaches the trace as it is, and
    # a hook it holds mutates a list that outlives the trace (jax 0.10.2: 1 entry after 3 calls).
    "jitted_bound_method_keeps_its_receiver": (
        """
        import jax
        import jax.numpy as jnp

        class Recorder:
            def __init__(self):
                self.features = []

            def record(self, value):
                self.features.append(value)
                return value

        class Model:
            def __init__(self, recorder):
                self.recorder = recorder

            def __call__(self, x):
                return self.recorder.record(x * 2)

        def run():
            model = Model(Recorder())
            apply = jax.jit(model.__call__)
            for i in range(3):
                apply(jnp.full(2, float(i)))
        """,
        [(9, "JAX104")],
    ),
    # `jax.jit(Feedback(0.5))` of an instance built on the spot traces its class's `__call__`
    # (measured on jax 0.10.2: its `print` ran once in 3 calls).
    "jitted_instance_built_inline": (
        """
        import jax
        import jax.numpy as jnp

        class Feedback:
            def __init__(self, gain):
                self.gain = gain

            def __call__(self, state, inp):
                print("tracing", inp)
                return state * 0.9 + self.gain * inp

        def main():
            step = jax.jit(Feedback(0.5))
            state = jnp.zeros(2)
            for i in range(3):
                state = step(state, jnp.full(2, float(i)))
        """,
        [(9, "JAX101")],
    ),
    "jitted_bound_method_reading_its_receiver": (
        """
        import jax
        import jax.numpy as jnp

        class Model:
            def __init__(self, depth):
                self.depth = depth
                self.scale = jnp.ones(2)

            def __call__(self, x):
                if self.depth > 2:  # a Python int of the object, not a tracer
                    x = x + 1
                return x * self.scale

        def run():
            apply = jax.jit(Model(3).__call__)
            return apply(jnp.ones(2))
        """,
        [],
    ),
    # A decorator of the checked code puts its wrapper in place of the function: jitting the
    # decorated name traces the wrapper (jax 0.10.2: a `nonlocal` counter read 1 after 5 calls).
    "decorator_wrapper_is_traced": (
        """
        import functools
        import jax
        import jax.numpy as jnp

        def count_evaluations(fn):
            n_calls = 0

            @functools.wraps(fn)
            def wrapped(*args):
                nonlocal n_calls
                n_calls += 1
                return fn(*args)

            return wrapped

        @count_evaluations
        def objective(x):
            print("tracing")
            return jnp.sum(x ** 2)

        def run():
            step = jax.jit(jax.grad(objective))
            for _ in range(5):
                step(jnp.zeros(3))
        """,
        [(11, "JAX103"), (18, "JAX101")],
    ),
    "decorator_returning_its_function": (
        """
        import jax
        import jax.numpy as jnp

        REGISTRY = {}

        def register(fn):
            REGISTRY[fn.__name__] = fn
            return fn

        @register
        def objective(x):
            return jnp.sum(x ** 2)

        def run():
            return jax.jit(objective)(jnp.zeros(3))
        """,
        [],
    ),
    # Trip counts: a name unpacked from a tuple of shapes is data; a short loop over a kernel's
    # known 5 taps inside a loop over the signal's 252 positions is left to the outer loop.
    "unpacked_shape_trip_count": (
        """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def correlate(signal, taps):
            length, width = signal.shape[0], taps.shape[0]
            total = 0.0
            for start in range(length - width):
                window = sum(signal[start + offset] * taps[offset] for offset in range(1))
                for offset in range(1, width):
                    window = window + signal[start + offset] * taps[offset]
                total = total + jnp.tanh(window)
            return total

        def run():
            return correlate(jnp.linspace(0.0, 1.0, 256), jnp.ones(5) / 5.0)
        """,
        [(8, "JAX407")],
    ),
    "spread_and_sliced_list_length": (
        SPREAD_BOUNDS_SOLVE + """
    def run():
        return solve(jnp.zeros(3), 2000, tuple(range(40, 2000, 40)))
""",
        [(8, "JAX407")],
    ),
    "short_spread_list": (
        SPREAD_BOUNDS_SOLVE + """
    def run():
        return solve(jnp.zeros(3), 2000, (500, 1000, 1500))
""",
        [],
    ),
    # A host array times a Python number keeps its shape: the scan body's loop over its rows runs
    # 300 times.
    "host_array_arithmetic_keeps_shape": (
        """
        import jax
        import jax.numpy as jnp

        def get_cell(n):
            def cell(carry, inputs):
                acc = carry
                for i in range(n):
                    acc = acc + inputs * i
                return acc, acc.sum()
            return cell

        @jax.jit
        def rnn(x, observers, xs):
            _, ys = jax.lax.scan(get_cell(observers.shape[0]), x, xs)
            return ys

        def run():
            return rnn(jnp.zeros(8), jnp.ones((300, 8)) * 1e-3, jnp.linspace(0.0, 1.0, 20))
        """,
        [(7, "JAX407")],
    ),
    # A body that differentiates unrolls a forward and a backward pass per iteration: 16 of them
    # cost 5x the scan (jax 0.10.2), where 16 elementwise bodies are fine.
    "differentiating_loop_threshold": (
        """
        import jax
        import jax.numpy as jnp

        def loss_fn(w, x):
            return jnp.sum((x @ w) ** 2)

        @jax.jit
        def accumulate(w, micro):
            grads = jnp.zeros_like(w)
            for i in range(16):
                grads = grads + jax.grad(loss_fn)(w, micro[i])
            return grads

        @jax.jit
        def smooth(x):
            for i in range(16):
                x = x * 0.5 + 1.0
            return x
        """,
        [(10, "JAX407")],
    ),
    # vmap runs its function op by op outside a staged trace: only what a mapped argument reaches
    # is abstract. A float the function closes over, or a constant, gives a concrete array, so
    # `math.exp(jnp.log(c))` runs (measured on jax 0.10.2); the same under jit, under
    # `jit(vmap(...))` or under checkpoint raises ConcretizationTypeError, as it does on a mapped
    # argument.
    "operations_on_closed_over_values_are_concrete_under_vmap_alone": (
        """
        import math
        import jax
        import jax.numpy as jnp

        def flow(key, max_val=3.0):
            def make_layer(key):
                grad = math.exp(jnp.log(max_val)) * float(jnp.log(3.0))
                return jax.random.normal(key, (2,)) * grad
            return jax.vmap(make_layer)(jax.random.split(key, 4))

        def mapped(xs):
            def f(x):
                return math.exp(jnp.log(x))
            return jax.vmap(f)(xs)

        @jax.jit
        def flow_jitted(key, max_val):
            def make_layer(key):
                return jax.random.normal(key, (2,)) * math.exp(jnp.log(max_val))
            return jax.vmap(make_layer)(jax.random.split(key, 4))

        def staged_constant(xs):
            def f(x):
                return x * float(jnp.log(3.0))
            return jax.jit(jax.vmap(f))(xs), jax.checkpoint(f)(xs)
        """,
        [(13, "JAX202"), (19, "JAX202"), (24, "JAX202")],
    ),
    # The seed of a host random generator must be a Python value: a tracer raises TypeError in
    # `default_rng` and `random.Random`, TracerArrayConversionError in `RandomState` (measured
    # on jax 0.10.2 under jit, vmap and grad). A static seed is a Python int.
    "the_seed_of_a_host_generator_must_be_concrete": (
        """
        from functools import partial
        import random
        import jax
        import numpy as np

        @jax.jit
        def noisy(image, seed):
            rng = np.random.default_rng(seed)
            return image + rng.normal(size=image.shape) + random.Random(seed).random()

        @partial(jax.jit, static_argnums=1)
        def noisy_static(image, seed):
            return image + np.random.RandomState(seed).normal(size=image.shape)

        def run(image):
            return noisy(image, 3), noisy_static(image, 3)
        """,
        [(8, "JAX202"), (9, "JAX202")],
    ),
    # The arguments a `partial` binds are no arguments of jit: they reach the trace as they
    # are (measured on jax 0.10.2: `jax.jit(partial(f, 32))` runs `range(n)` into 32 steps of
    # the program, and `int(n)` of a bound `jnp.array(3)` runs).
    "arguments_a_partial_binds_reach_a_jit_as_they_are": (
        """
        import functools
        import jax
        import jax.numpy as jnp

        def unrolled(steps, x):
            for i in range(steps):
                x = x + i
            return x

        def scaled(n, x):
            return x * int(n)

        def run(x):
            a = jax.jit(functools.partial(unrolled, 32))(x)
            b = jax.jit(functools.partial(scaled, jnp.array(3)))(x)
            return a, b
        """,
        [(6, "JAX407")],
    ),
    # A generator is iterated for what it yields; a branch on the loop's own variable picks a
    # dtype per iteration, not per run: an array that alternates between two dtypes jit keys
    # apart reaches the jitted call (measured on jax 0.10.2: float32 then int64 batches, 6
    # calls, compile twice). Alternating float32 and float64 compiles once (x64 disabled), and
    # a branch on a flag set once per run is not per iteration: neither is reported.
    "a_generator_yields_an_array_whose_dtype_alternates_per_iteration": (
        """
        import jax
        import numpy as np

        @jax.jit
        def predict(x):
            return x.sum()

        def batches(n, half):
            rng = np.random.default_rng(0)
            for i in range(n):
                x = rng.normal(size=(4, 3))
                yield x.astype(np.float16) if half else x.astype(np.float32)  # a dtype per run

        def wide_or_narrow(n):
            for i in range(n):
                x = np.ones((4, 3))
                yield x.astype(np.float32) if i % 2 else x.astype(np.float64)  # both keyed float32

        def alternating(n):
            for i in range(n):
                x = np.ones((4, 3))
                if i % 3 == 0:
                    yield x.astype(np.int64)
                else:
                    yield x.astype(np.float32)

        def run(half):
            for x in batches(6, half):
                predict(x)
            for x in wide_or_narrow(6):
                predict(x)
            for x in alternating(6):
                predict(x)
        """,
        [(33, "JAX406")],
    ),
    # A loop over strings of different known lengths (prompts a caller passes) is followed item
    # by item like arrays of different shapes: `"a b".split()` gives its words, and an array made
    # of Python data has the data's shape (`jnp.array(ids)` of 3 ids: (3,)). Measured on jax
    # 0.10.2: prompts of 4 lengths (5 calls) compile 4 times, the same padded to 16 ids once.
    "strings_of_different_lengths_are_followed_one_by_one": (
        """
        import jax
        import jax.numpy as jnp

        VOCAB = {"<bos>": 0, "hello": 1, "there": 2, "general": 3, "kenobi": 4}

        @jax.jit
        def forward(embeddings, token_ids):
            return embeddings[token_ids].mean(axis=0)

        def serve(embeddings, prompts, width=8):
            outputs = []
            for prompt in prompts:
                ids = [VOCAB[w] for w in ["<bos>", *prompt.split()]]
                outputs.append(forward(embeddings, jnp.array(ids)))
            for prompt in prompts:
                ids = [VOCAB[w] for w in prompt.split()]
                padded = ids + [0] * (width - len(ids))
                outputs.append(forward(embeddings, jnp.array([padded])))
            return outputs

        def run():
            serve(jnp.ones((5, 4)), ["hello", "hello there", "general kenobi hello"])
        """,
        [(14, "JAX404")],
    ),
    # A dimension of a traced array stays one through a property, a helper and arithmetic
    # (`self.log.shape[1] - 1 - self.t`, `len(x) // 2`): a loop over `range` of it unrolls as
    # many bodies as the data is long, and compiles anew for every length (measured on jax
    # 0.10.2, `bench/bench_data_sized_loop.py`: 2 lengths, 2 compiles, 80 `add`s for 80 remaining steps).
    # A host array's shape is a constant of the program, not data: the loop over it is not
    # reported (its length, 8, is small).
    "a_dimension_of_a_traced_array_sizes_a_loop_through_a_property_or_a_helper": (
        """
        import dataclasses
        import jax
        import numpy as np

        TAPS = np.ones(8)

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Log:
            xy: jax.Array
            t: int = dataclasses.field(metadata=dict(static=True))

            @property
            def remaining(self):
                return self.xy.shape[1] - 1 - self.t

        def half(x):
            return len(x) // 2

        @jax.jit
        def replay(log, x):
            for _ in range(log.remaining):
                x = x + 1
            for i in range(half(x)):
                x = x.at[i].set(0.0)
            for i in range(TAPS.shape[0]):
                x = x * TAPS[i]
            return x

        def run(xy, x):
            return replay(Log(xy, 10), x)
        """,
        [(22, "JAX407"), (24, "JAX407")],
    ),
    # Basic indexing with constants keeps what it knows of a shape (NumPy's and jax's rules:
    # `split(key, 50)[1:-1]` is 48 keys, measured on jax 0.10.2), so a list of layers built by
    # a comprehension over a slice of split keys has a known length: 48 layers unroll 48
    # bodies; 4 stay a small unroll.
    "a_slice_of_split_keys_keeps_its_length": (
        """
        import equinox as eqx
        import jax

        class Deep(eqx.Module):
            hidden: list

            def __init__(self, depth, *, key):
                keys = jax.random.split(key, depth + 2)
                self.hidden = [eqx.nn.Linear(4, 4, key=k) for k in keys[1:-1]]

            def __call__(self, x):
                for layer in self.hidden:
                    x = jax.nn.gelu(layer(x))
                return x

        @eqx.filter_jit
        def apply(model, x):
            return model(x)

        def run(x):
            return apply(Deep(48, key=jax.random.key(0)), x) + apply(Deep(4, key=jax.random.key(1)), x)
        """,
        [(12, "JAX407")],
    ),
    # `next(it)` on an object of the checked code runs its `__next__`: a key sequence that
    # splits its key there stores the new key at trace time only (regression case purity/1112,
    # observed on jax 0.10.2: 3 of 3 later calls drew the same noise; this program too, and
    # `keys._key` is a leaked tracer afterwards).
    "next_runs_the_objects_own_next": (
        """
        import jax

        class KeySequence:
            def __init__(self, key):
                self._key = key

            def __next__(self):
                self._key, subkey = jax.random.split(self._key)
                return subkey

        keys = KeySequence(jax.random.key(0))

        @jax.jit
        def noisy(x):
            return x + jax.random.normal(next(keys), x.shape)
        """,
        [(8, "JAX105"), (15, "JAX107")],
    ),
    # A class registered with its own flatten functions crosses jit as a pytree that jax rebuilds
    # inside the trace: a method that marks the passed object consumed (`self._state = _USED`)
    # marks the trace's copy only (regression case purity/810, observed on jax 0.10.2: the
    # caller's state was invalidated after 0 of 2 calls; this program returns 3.0 and leaves the
    # caller's `State` unconsumed), while its fields read in the trace are
    # the arguments of each call, not stale state.
    "a_registered_pytree_argument_is_rebuilt_in_the_trace": (
        """
        import jax

        _USED = object()

        class State:
            def __init__(self, store):
                self._state = store

            def get(self, key):
                return self._state[key]

            def consume(self):
                value = self._state["count"]
                self._state = _USED
                return value

        jax.tree_util.register_pytree_node(
            State, lambda s: ((s._state,), None), lambda aux, children: State(*children)
        )

        @jax.jit
        def step(x, state: State):
            return x + state.get("count") + state.consume()
        """,
        [(14, "JAX105")],
    ),
    # An operator a class of the checked code defines runs its method: `wave *= optic` runs
    # `__imul__`, `wave + other` runs `__add__`, and what they do is traced (measured on jax
    # 0.10.2: a jitted function doing both printed each message once over 3 calls).
    "operators_run_the_methods_a_class_defines": (
        """
        import jax

        class Wave:
            def __init__(self, field):
                self.field = field

            def __imul__(self, optic):
                print("multiplied", self.field, "by", optic.name)
                self.field = self.field * optic.phasor
                return self

            def __add__(self, other):
                print("added")
                return Wave(self.field + other.field)

        class Optic:
            def __init__(self, name, phasor):
                self.name = name
                self.phasor = phasor

        @jax.jit
        def propagate(x):
            wave = Wave(x)
            wave *= Optic("pupil", 2.0)
            return (wave + Wave(x)).field
        """,
        [(8, "JAX101"), (13, "JAX101")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_mechanism(name):
    source, expected = CASES[name]
    assert findings(source) == expected
