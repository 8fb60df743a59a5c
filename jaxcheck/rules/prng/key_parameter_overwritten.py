from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from ._common import call_text, where


class KeyParameterOverwritten(Rule):
    """
    ## What it does
    Checks for a function whose PRNG key parameter (named `key`, `rng`, `*_key`, `*_rng`, ... or
    annotated as a key) is rebound to a freshly made key (`jax.random.PRNGKey(0)`,
    `jax.random.key(seed)`) before anything reads it, or after a first use when later
    statements draw from (or split) the rebound key; and for a key parameter without a default
    that the function never reads while it draws from a key that is the same on every call: one
    made from a written seed (`dropout_key = jax.random.PRNGKey(0)`), or one its object holds
    (`self.rng`) that it never advances.

    A key parameter deleted unread (`del key`) while the function draws from another key that
    its callers do not choose (a field of the state it is given, a key made from a seed) is
    thrown away the same way (mahjax's `step`, case 1235: the second wall is the same for 3 of
    3 seeds on jax 0.10.2).

    ## Why is this bad?
    The caller's key is thrown away: every call draws the same numbers, whatever key it is
    given. Under `jax.vmap` over seeds, or in a sweep, every run is identical, and nothing
    fails. Measured on jax 0.10.2: such a function returns the same output for two different
    input keys.

    ## Example
    ```python
    def init_agent(params, rng):
        rng = jax.random.PRNGKey(0)  # a dummy rng
        return jax.random.normal(rng, params.shape)
    ```

    ## Use instead
    ```python
    def init_agent(params, rng):
        return jax.random.normal(rng, params.shape)
    ```

    A key parameter whose default is a constant key (`key=jax.random.PRNGKey(0)`: built once,
    when the `def` runs), or defaulting to `None` that the body replaces with a key made from a
    written seed (`if rng is None: rng = jax.random.PRNGKey(0)`), is reported when a call that
    runs repeatedly (in a loop, or in a function that does, jitted or not) leaves it out, at the
    default (or the key the body makes), naming the function that calls: every such call draws
    the same numbers (measured on jax 0.10.2: the same dropout mask in 3 of 3
    calls; 1 of 3 when the caller passes keys; bench/measure_default_keys.py for the default).

    A key parameter defaulting to None that the function fills in when it is left out (`if key
    is None: key = self.get_key()`) and then never reads, while it draws from a key made from a
    written seed, discards the caller's key the same way: each such draw is reported
    (jaxampler's accept-reject sampler, case 1142: the same accepted set for 2 of 2 other keys
    on jax 0.10.2).

    A seed parameter with a written default that the body makes its key from (`def reset(self,
    seed: int = 0): key = jax.random.PRNGKey(seed)`) is reported, at the key it makes, when a loop
    repeats the very same call leaving it out (`[env.reset() for _ in range(n)]`, in this module or in a module
    importing it): every such call makes the same key (gym's JAX blackjack, case 209: the same
    opening hand in 3 of 3 episodes on jax 0.10.2). A loop whose calls differ (one per checkpoint)
    evaluating each with one fixed seed is a controlled comparison: not reported.

    A key held across calls and never advanced is the same hazard, wherever it is held: the
    caller's repeated calls all draw from one key. A method that draws from a key its object
    holds (`self.key`), splits it or hands it to a function of the checked code, when no
    method advances it after set-up and no code of the module rebinds or replaces it
    (`state.replace(key=...)`), draws the same numbers on every call: a noisy layer splitting
    its `rng_key` field in `apply` (dopamine), a jitted step handed `self.key` whose new key the
    caller drops (`self.params, _, noise = self._train(self.params, self.key)`, sbx's SAC;
    measured on jax 0.10.2 in bench/measure_stored_keys.py: the same noise on the next call). A
    method every caller runs on an object it has just built (`Matcher(key).match(x)`, or
    `m = Matcher(key)` then `m.match(x)`) consumes the key once per object: not reported; nor is
    a method of a flax linen module that declares parameters or builds submodules, where the
    field's draws are initial values `apply` ignores (StyleGAN ports' `get_weight(..., self.rng)`),
    nor a method that marks its object spent and raises when called on a spent object
    (alphafold's `SafeKey.split` sets `_used` and checks it first): a second call raises rather
    than drawing the same numbers.
    A function returned by the function that made it (`make_dropout_fn(rate, key)` returning
    `dropout_fn`) that draws from a key it captured draws the same numbers on every call
    (measured on jax 0.10.2: the same dropout mask on 3 of 3 later calls, jitted or not). A
    field of a NamedTuple (or of a dataclass on Python 3.10; 3.11 refuses an array default)
    declared with a constant key as its default (`key: jax.Array = jax.random.PRNGKey(0)`)
    that no construction of the class sets holds that one key in every instance, whatever key
    its maker was given (jumanji's Knapsack, case 1134: every auto-reset episode built the same
    items, 3 of 3 on jax 0.10.2; bench/measure_default_keys.py). (A key consumed on every
    iteration of a loop, or of a `scan`/`vmap` body, or made again from an unchanged seed in a
    loop, is key-reused-in-loop, JAX503.)

    A key made from a seed the function computes from the caller's key (`seed =
    uniform(key) + t`, then `key = PRNGKey((seed * 1e8).astype(int))`) changes with that key:
    it is derived from it, not an overwrite (measured on jax 0.10.2: two caller keys, two
    draws).

    ## Known problems
    Otherwise only unconditional assignments in the function's own body count: `if key is None:
    key = jax.random.PRNGKey(0)` with no such call is a default, not an overwrite.

    ## References
    - [JAX sharp bits: random numbers](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#random-numbers)
    """

    CODE = "JAX502"
    NAME = "key-parameter-overwritten"
    MESSAGE = "{role} `{param}` of {function} {happens}: {consequence}"
    KEY, SEED = "Key parameter", "Seed parameter"
    DISCARDED = "the caller's key is discarded and every call draws the same numbers from here on"
    LEFT_OUT = "every call that leaves it out draws the same numbers"
    HELD, FIELD = "PRNG key", "Key field"
    SAME_EACH_CALL = "every call draws the same numbers"
    SAME_EACH_INSTANCE = "every instance holds the same key, and draws from it repeat"
    FIX_TITLE = "Use the key the caller passes"

    def check(self, context: Context) -> None:
        for overwrite in context.facts.keys.overwrites:
            context.report(
                self, overwrite.target, role=self.KEY, param=overwrite.param.name, function=where(overwrite.function),
                happens=f"is overwritten with `{call_text(context, overwrite.value)}`", consequence=self.DISCARDED,
            )
        for ignored in context.facts.keys.ignored:
            fixed = ignored.field or call_text(context, ignored.fixed)  # type: ignore[arg-type]
            unused = "is only compared with None" if ignored.filled_in else "is never read"
            context.report(
                self, ignored.fixed, role=self.KEY, param=ignored.param.name, function=where(ignored.function),
                happens=f"{unused} while it draws from `{fixed}`", consequence=self.DISCARDED,
            )
        for deleted in context.facts.keys.deleted:
            context.report(
                self, deleted.deletion, role=self.KEY, param=deleted.param.name, function=where(deleted.function),
                happens=f"is deleted unread while it draws from `{deleted.drawn.variable}`", consequence=self.DISCARDED,
            )
        for reuse in context.facts.keys.default_reuses:
            made, caller = f"`{call_text(context, reuse.default)}`", where(reuse.caller)
            if reuse.seed:  # `def reset(self, seed=0): key = PRNGKey(seed)`
                default = call_text(context, reuse.param.default)  # type: ignore[arg-type]
                role, happens = self.SEED, f"makes {made} from its default `{default}` when left out, as a call in {caller} that runs repeatedly leaves it"
            elif reuse.made_in_body:  # `if rng is None: rng = PRNGKey(0)`
                role, happens = self.KEY, f"becomes {made} when left out, as a call in {caller} that runs repeatedly leaves it"
            else:  # `rng=PRNGKey(0)`: built once, when the `def` runs
                role, happens = self.KEY, f"defaults to {made}, made once when the `def` runs, and a call in {caller} that runs repeatedly leaves it out"
            context.report(
                self, reuse.default, role=role, param=reuse.param.name, function=where(reuse.function),
                happens=happens, consequence=self.LEFT_OUT,
            )

        for reuse in context.facts.keys.reuses:
            function = reuse.every_call_of
            if reuse.kind != "loop" or function is None:
                continue
            use = reuse.second
            if reuse.captured_from is not None:
                happens = f"is consumed by `{use.callee}`, captured when {where(reuse.captured_from)} made it, and nothing advances it"
            else:
                happens = f"is consumed by `{use.callee}` from its object, which nothing advances after set-up"
            context.report(
                self, use.key, role=self.HELD, param=use.variable, function=where(function), happens=happens,
                consequence=self.SAME_EACH_CALL,
            )
        for field_default in context.facts.keys.field_defaults:
            # made once, with the class: every instance built without the field holds this key
            context.report(
                self, field_default.default, role=self.FIELD, param=field_default.name, function=f"`{field_default.owner.name}`",
                happens=f"defaults to `{call_text(context, field_default.default)}`, made once with the class, and no construction passes one",
                consequence=self.SAME_EACH_INSTANCE,
            )

    VALID = [
        valid(
            """
            import jax

            def apply(params, x, key=None):
                del key  # a deterministic layer: it draws from nothing
                return params @ x
            """
        ),
        valid(
            """
            import jax

            def step(state, key, noise_key):
                del key  # the caller's other key is drawn from
                return state + jax.random.normal(noise_key, state.shape)
            """
        ),
        valid(
            """
            import jax

            def evaluate(x, rng=None):  # optional: callers may leave it out
                return x * jax.random.bernoulli(jax.random.PRNGKey(0), 0.9, x.shape)
            """
        ),
        valid(
            """
            import jax

            def init(params, rng=None):
                if rng is None:
                    rng = jax.random.PRNGKey(0)  # a default, not an overwrite
                return jax.random.normal(rng, params.shape)
            """
        ),
        valid(
            """
            import jax

            def init(params, seed):
                key = jax.random.PRNGKey(seed)  # made from the caller's seed
                return jax.random.normal(key, params.shape)
            """
        ),
        valid(
            """
            import jax

            def step(state, rng):
                rng, sub = jax.random.split(rng)
                noise = jax.random.normal(sub, state.shape)
                rng = jax.random.PRNGKey(1)  # read first, rebound afterwards
                return state + noise, rng
            """
        ),
        valid(
            """
            import jax

            def reset(self, options):
                key = jax.random.PRNGKey(0)  # not a parameter
                return jax.random.normal(key, (3,))
            """
        ),
        valid(
            """
            import jax

            def evaluate(x, key=None):
                if key is None:
                    key = jax.random.PRNGKey(0)
                noise = jax.random.normal(key, x.shape)  # the caller's key, or the default
                probe = jax.random.normal(jax.random.PRNGKey(1), (3,))  # a fixed probe, on purpose
                return x + noise, probe
            """
        ),
        valid(
            """
            import jax

            def evaluate(params, x, seed: int = 0):
                key = jax.random.PRNGKey(seed)  # one evaluation key for every checkpoint, on purpose
                return params @ (x + jax.random.normal(key, x.shape))

            def compare(checkpoints, x):
                return [evaluate(params, x) for params in checkpoints]
            """
        ),
        valid(
            """
            import jax

            def sample_indices(n, batch, key=jax.random.PRNGKey(0)):
                return jax.random.choice(key, n, (batch,), replace=False)

            def epochs(count, key):
                keys = jax.random.split(key, count)
                once = sample_indices(10, 4)  # one call leaves the default: drawn once
                return once, [sample_indices(10, 4, k) for k in keys]
            """
        ),
        valid(
            """
            from typing import NamedTuple
            import jax

            class State(NamedTuple):
                weights: jax.Array
                key: jax.Array = jax.random.PRNGKey(0)

            def reset(key, n):
                key, sub = jax.random.split(key)
                return State(jax.random.uniform(sub, (n,)), key)
            """
        ),
        valid(
            """
            import jax

            class Exploration:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)

                def sample(self, shape):
                    self.key, sub = jax.random.split(self.key)
                    return jax.random.normal(sub, shape)
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def _train(params, key):
                key, noise_key = jax.random.split(key)
                return params + jax.random.normal(noise_key, params.shape), key

            class Agent:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)
                    self.params = jax.numpy.zeros(3)

                def train(self):
                    self.params, self.key = _train(self.params, self.key)  # the new key is kept
            """
        ),
        valid(
            """
            import jax

            class Matcher:
                def __init__(self, key):
                    self.key = key

                def match(self, x):
                    init_key, batch_key = jax.random.split(self.key)
                    return x + jax.random.normal(batch_key, x.shape)

            def fit(key, x):
                return Matcher(key).match(x)  # one object per call: its key is consumed once
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            def step(state, action, key):
                del key
                rng, sub = jax.random.split(state["rng_key"])
                return dict(state, deck=jax.random.permutation(sub, 136), rng_key=rng)
            """,
            line=4,
            message_contains="is deleted unread while it draws from",
        ),
        invalid(
            """
            import jax
            def dropout(x, rng=None):
                if rng is None:
                    rng = jax.random.PRNGKey(0)
                return x * jax.random.bernoulli(rng, 0.5, x.shape)
            @jax.jit
            def forward(x):
                return dropout(x)
            def train(x):
                return [forward(x) for _ in range(3)]
            """,
            line=4,
            message_contains="when left out",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def train_step(params, x, rng):
                dropout_key = jax.random.PRNGKey(0)
                return x * jax.random.bernoulli(dropout_key, 0.9, x.shape)
            """,
            line=5,
            message_contains="is never read while it draws from `jax.random.PRNGKey(0)`",
        ),
        invalid(
            """
            import jax

            class Generator:
                def __init__(self, rng=jax.random.PRNGKey(0)):
                    self.rng = rng

                def init(self, rng, shape):
                    return jax.random.normal(self.rng, shape)
            """,
            line=8,
            message_contains="`self.rng`",
        ),
        invalid(
            """
            import jax

            def train(rng):
                rng, init_rng = jax.random.split(rng)
                params = jax.random.normal(init_rng, (2,))
                rng = jax.random.PRNGKey(0)  # a dummy rng, used from here on
                rng, explore_rng = jax.random.split(rng)
                return params, jax.random.uniform(explore_rng)
            """,
            line=6,
            message_contains="`train`",
        ),
        invalid(
            """
            import jax

            def init_agent(params, rng):
                rng = jax.random.PRNGKey(0)
                return jax.random.normal(rng, params.shape)
            """,
            line=4,
            message_contains="`init_agent`",
        ),
        invalid(
            """
            from jax import random

            class Env:
                def reset(self, key):
                    key = random.key(42)
                    return random.uniform(key, (4,))
            """,
            line=5,
            message_contains="`Env.reset`",
        ),
        invalid(
            """
            import jax as jx
            from jaxcheck.typing import PRNGKeyArray

            def rollout(policy, noise: PRNGKeyArray, steps):
                noise = jx.random.PRNGKey(123)
                return jx.random.normal(noise, (steps,))
            """,
            line=5,
        ),
        invalid(
            """
            import random
            import jax

            class Sampler:
                def sample(self, n, key=None):
                    if key is None:
                        key = jax.random.PRNGKey(random.randint(0, 10**8))
                    proposals = jax.random.uniform(jax.random.PRNGKey(1000), (n,))
                    return proposals[proposals > 0.5]
            """,
            line=8,
            message_contains="is only compared with None while it draws from `jax.random.PRNGKey(1000)`",
        ),
        invalid(
            """
            import jax

            class Env:
                def reset(self, seed: int = 0):
                    key = jax.random.PRNGKey(seed)
                    return jax.random.uniform(key, (3,))

            def collect(n):
                env = Env()
                return [env.reset() for _ in range(n)]
            """,
            line=5,
            message_contains="Seed parameter `seed` of `Env.reset` makes `jax.random.PRNGKey(seed)` from its default `0`",
        ),
        invalid(
            """
            import jax

            def sample_indices(n, batch, key=jax.random.PRNGKey(0)):
                return jax.random.choice(key, n, (batch,), replace=False)

            def epochs(count):
                return [sample_indices(10, 4) for _ in range(count)]
            """,
            line=3,
            message_contains="defaults to `jax.random.PRNGKey(0)`, made once when the `def` runs",
        ),
        invalid(
            """
            from typing import NamedTuple
            import jax

            class State(NamedTuple):
                weights: jax.Array
                key: jax.Array = jax.random.PRNGKey(0)

            def reset(key, n):
                return State(jax.random.uniform(key, (n,)))  # `key` left to its default
            """,
            line=6,
            message_contains="made once with the class",
        ),
        invalid(
            """
            import jax

            class Exploration:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)

                def sample(self, shape):
                    return jax.random.normal(self.key, shape)
            """,
            line=8,
            message_contains="from its object, which nothing advances",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def make_dropout_fn(rate, key):
                def dropout_fn(weights):
                    keep = jax.random.bernoulli(key, 1.0 - rate, weights.shape)
                    return jnp.where(keep, weights / (1.0 - rate), 0.0)
                return dropout_fn
            """,
            line=6,
            message_contains="captured when `make_dropout_fn` made it",
        ),
        invalid(
            """
            import dataclasses
            import jax

            @dataclasses.dataclass(frozen=True)
            class NoisyDense:
                rng_key: jax.Array

                def apply(self, params, x):
                    rng1, rng2 = jax.random.split(self.rng_key)
                    noise = jax.random.normal(rng1, params.shape) * jax.random.normal(rng2, ())
                    return x @ (params + noise)
            """,
            line=9,
            message_contains="`self.rng_key` of `NoisyDense.apply`",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def _train(params, key):
                key, noise_key = jax.random.split(key)
                return params + jax.random.normal(noise_key, params.shape), key

            class Agent:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)
                    self.params = jax.numpy.zeros(3)

                def train(self):
                    self.params, _ = _train(self.params, self.key)  # the new key is dropped
            """,
            line=14,
            message_contains="consumed by `_train` from its object",
        ),
    ]
