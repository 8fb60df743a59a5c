from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from ._common import call_text, where


class KeyParameterOverwritten(Rule):
    """
    ## What it does
    Checks for a function whose PRNG key parameter (named `key`, `rng`, `*_key`, `*_rng`, ... or
    annotated as a key) is rebound to a freshly made key (`jax.random.PRNGKey(0)`,
    `jax.random.key(seed)`) before anything reads it, or after a first use when later
    statements draw from (or split) the rebound key.

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

    ## Known problems
    Only unconditional assignments in the function's own body count: `if key is None:
    key = jax.random.PRNGKey(0)` is a default, not an overwrite.

    ## References
    - [JAX sharp bits: random numbers](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#random-numbers)
    """

    CODE = "JAX502"
    NAME = "key-parameter-overwritten"
    MESSAGE = "Key parameter `{param}` of {function} is overwritten with `{value}`: the caller's key is discarded and every call draws the same numbers from here on"
    FIX_TITLE = "Use the key the caller passes"

    def check(self, context: Context) -> None:
        for overwrite in context.facts.keys.overwrites:
            context.report(
                self, overwrite.target, param=overwrite.param.name, function=where(overwrite.function),
                value=call_text(context, overwrite.value),
            )

    VALID = [
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
    ]
    INVALID = [
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
    ]
