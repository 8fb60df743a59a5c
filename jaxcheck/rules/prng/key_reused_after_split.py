from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from ._common import call_text, where


class KeyReusedAfterSplit(Rule):
    """
    ## What it does
    Checks for a PRNG key used again after `jax.random.split` consumed it: the parent key is
    drawn from (or split again) while the keys split from it are also in use.

    ## Why is this bad?
    `split` consumes its key. Drawing from the parent afterwards gives numbers correlated with
    the children's (with the default threefry implementation the parent's bits and the split's
    come from the same counter stream), and splitting it again gives the very same children.
    Nothing fails. JAX's own check (`jax_debug_key_reuse`, measured on jax 0.10.2) raises
    `KeyReuseError` for this, only for typed keys and only when switched on.

    ## Example
    ```python
    actor_key, critic_key = jax.random.split(key)
    actor = init_actor(actor_key)
    critic = init_critic(critic_key)
    noise = jax.random.normal(key, (n,))  # the parent again
    ```

    ## Use instead
    ```python
    actor_key, critic_key, noise_key = jax.random.split(key, 3)
    actor = init_actor(actor_key)
    critic = init_critic(critic_key)
    noise = jax.random.normal(noise_key, (n,))
    ```

    A method of an object that hands out keys (another of its methods advances the key its
    object holds: `self.key, sub = split(self.key)`) that splits or draws from that key and
    leaves it in the object (`return split(self.key, n)`) leaves a spent parent: the object's
    next key is split from it again (measured on jax 0.10.2: after `split(self.key, 4)`, the
    next key equals one of those four in 3 of 3 seeds).

    A `lax.scan`/`fori_loop`/`while_loop` body that splits the key its carry hands it
    (`rng, step_rng = split(rng)`), then draws from the new `rng` instead of `step_rng` and
    hands `rng` back in the carry consumes that key twice: its draw now, and the next
    iteration's `split`. Measured on jax 0.10.2 (bench/measure_carry_split_after_draw.py): the
    same two consumptions in straight-line code raise `KeyReuseError` under
    `jax_debug_key_reuse`, which does not look across the iterations of a scan.

    ## Known problems
    No fix is offered: which child should take the parent's place is for the author to decide.
    A split whose keys are never read (bound to names that are rebound before any use) gave
    nothing the parent's later draws could correlate with, and is not counted.

    ## References
    - [JAX sharp bits: random numbers](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#random-numbers)
    - [`jax.random.split`](https://docs.jax.dev/en/latest/_autosummary/jax.random.split.html)
    """

    CODE = "JAX504"
    NAME = "key-reused-after-split"
    MESSAGE = "PRNG key `{key}` in {function} {happens}: use one of the new keys, not the parent"
    FIX_TITLE = "Split one more key and use it instead of the parent"

    def check(self, context: Context) -> None:
        for reuse in context.facts.keys.reuses:
            carried = reuse.kind == "loop" and reuse.advanced
            if reuse.kind != "after-split" and not carried:
                continue
            use = reuse.second
            if carried:
                happens = (
                    f"is used by `{use.callee}` and handed back in the carry, where the next iteration splits "
                    "a key already drawn from"
                )
            elif reuse.advanced_by is not None:
                happens = (
                    f"is consumed by `{use.callee}` and left in the object, while {where(reuse.advanced_by)} "
                    "splits it for the object's next key"
                )
            else:
                happens = f"is used by `{use.callee}` after `{call_text(context, reuse.first.call)}` split it"
            context.report(self, use.key, key=use.variable, function=where(use.function), happens=happens)

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            def train(key, steps, evaluate):
                eval_keys = jax.random.split(key, 4)  # never read: rebound below before any use
                for _ in range(steps):
                    key, *eval_keys = jax.random.split(key, 5)
                    evaluate(jnp.stack(eval_keys))
            """
        ),
        valid(
            """
            import jax

            def init(key, n):
                key, sub = jax.random.split(key)  # rebinds the parent
                return jax.random.normal(key, (n,)) + jax.random.normal(sub, (n,))
            """
        ),
        valid(
            """
            import jax

            def init(key, n):
                a, b, c = jax.random.split(key, 3)
                return jax.random.normal(c, (n,))
            """
        ),
        valid(
            """
            import jax

            def tag(key, step):
                k1, k2 = jax.random.split(key)
                return jax.random.fold_in(key, step), k1, k2  # fold_in consumes nothing
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            from jax import lax

            def walk(key, x0, steps):
                def body(carry, _):
                    x, key = carry
                    key, sub = jax.random.split(key)
                    x = x + jax.random.normal(key)
                    return (x, key), x  # hands back the key it drew from, not `sub`
                return lax.scan(body, (x0, key), None, length=steps)
            """,
            line=8,
            message_contains="the next iteration splits a key already drawn from",
        ),
        invalid(
            """
            from jax import random
            class PRNGSequence:
                def __init__(self, key):
                    self._key = key
                def __next__(self):
                    self._key, subkey = random.split(self._key)
                    return subkey
                def take(self, num):
                    return list(random.split(self._key, num))
            """,
            line=9,
            message_contains="left in the object",
        ),
        invalid(
            """
            import jax

            def init(key, n):
                noise_keys = jax.random.split(key, n)
                draw = lambda i: jax.random.normal(noise_keys[i])  # read by a nested function
                return [draw(i) for i in range(n)], jax.random.normal(key)
            """,
            line=6,
        ),
        invalid(
            """
            import jax

            def init(key, n):
                actor_key, critic_key = jax.random.split(key)
                noise = jax.random.normal(key, (n,))
                return actor_key, critic_key, noise
            """,
            line=5,
            message_contains="`jax.random.normal`",
        ),
        invalid(
            """
            from jax import random

            def keys_for(rng):
                first = random.split(rng)
                second = random.split(rng)  # the same two keys again
                return first, second
            """,
            line=5,
        ),
        invalid(
            """
            import jax.random as jr

            class Agent:
                def act(self, obs):
                    k1, k2 = jr.split(self.rng)
                    return jr.categorical(self.rng, obs) + jr.normal(k1)
            """,
            line=6,
            message_contains="`self.rng`",
        ),
    ]
