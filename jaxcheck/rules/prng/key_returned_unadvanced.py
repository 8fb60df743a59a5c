from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from ._common import where


class KeyReturnedUnadvanced(Rule):
    """
    ## What it does
    Checks for a function that consumes a PRNG key and returns it unchanged, when a caller
    draws from the returned key again (directly, on the next loop iteration, or by calling the
    function again). The key may be a key parameter, the key a field of a parameter holds
    (`state.rng`), or one the function split off and consumed itself; it may be returned as it
    is, in a tuple, or in a field of a pytree built by the `return` (`State(x, key)`,
    `state._replace(rng=key)`, `dataclasses.replace(state, rng=key)`) or built before it and
    returned by name (`state = State(x, key=key)`, then `return state`: the finding is at the
    `key` put there). A key made for the call (`reset(jax.random.key(0))`) that the function
    consumes and hands back so is as spent. The finding is at the
    `return` that hands the key back first: a helper's, when the function only passes on
    what a helper returned. A pytree parameter handed back whole while the key in its field was
    consumed (`jax.lax.scan(step, state.rng, ...)`, then `return state`) is reported where the
    key was consumed: the caller's next split of `state.rng` gives the scan's keys again
    (measured on jax 0.10.2).

    ## Why is this bad?
    Returning the key looks like threading randomness through, but the key was never advanced:
    the caller's next draw repeats the function's. The classic case is a PPO update that
    shuffles minibatches with `rng` and returns `(state, rng)`: every epoch uses the same
    minibatch order. Nothing fails. Measured on jax 0.10.2: two epochs of such a loop produce
    the same permutation, and a jitted step that stores the key its dice helper hands back
    (`dataclasses.replace(state, rng_key=k)`) rolls the same dice on 4 of 4 later steps.

    ## Example
    ```python
    def update(state, rng):
        order = jax.random.permutation(rng, state.n)
        return train_on(state, order), rng

    for epoch in range(num_epochs):
        state, rng = update(state, rng)
    ```

    ## Use instead
    ```python
    def update(state, rng):
        rng, shuffle_rng = jax.random.split(rng)
        order = jax.random.permutation(shuffle_rng, state.n)
        return train_on(state, order), rng
    ```

    ## Known problems
    Callers are followed in the checked project (the module that calls the function may be
    another than the one that defines it); a library's functions are not.

    ## References
    - [JAX sharp bits: random numbers](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#random-numbers)
    """

    CODE = "JAX505"
    NAME = "key-returned-unadvanced"
    MESSAGE = "{function} returns PRNG key `{key}` unchanged after consuming it, and {caller} draws from the returned key again: the same numbers repeat"
    FIX_TITLE = "Split the key and return the new one, keeping a subkey for the draw"

    def check(self, context: Context) -> None:
        reported = set()
        for reuse in context.facts.keys.reuses:
            if reuse.kind != "returned" or reuse.return_node is None or reuse.return_node in reported:
                continue
            reported.add(reuse.return_node)
            context.report(
                self, reuse.return_node, function=where(reuse.returned_by), key=context.code(reuse.return_node),
                caller=where(reuse.second.function),
            )

    VALID = [
        valid(
            """
            import jax

            def update(state, rng):
                rng, shuffle_rng = jax.random.split(rng)
                order = jax.random.permutation(shuffle_rng, 8)
                return state + order, rng

            def train(state, rng):
                for epoch in range(10):
                    state, rng = update(state, rng)
                return state
            """
        ),
        valid(
            """
            import jax

            def evaluate(params, rng):
                noise = jax.random.normal(rng, (3,))
                return params + noise, rng

            def main(params, rng):
                result, _ = evaluate(params, rng)  # the returned key is dropped
                return result
            """
        ),
        valid(
            """
            import jax

            def passthrough(state, rng):
                return state * 2, rng  # returned, but never consumed here

            def train(state, rng):
                for epoch in range(10):
                    state, rng = passthrough(state, rng)
                    rng, sub = jax.random.split(rng)
                    state = state + jax.random.normal(sub)
                return state
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax

            def update(state, rng):
                order = jax.random.permutation(rng, 8)
                return state + order, rng

            def train(state, rng):
                for epoch in range(10):
                    state, rng = update(state, rng)
                return state
            """,
            line=5,
            message_contains="`update`",
        ),
        invalid(
            """
            from jax import random

            def act(policy, key):
                action = random.categorical(key, policy)
                return action, key

            def episode(policy, key):
                a, key = act(policy, key)
                noise = random.normal(key, (2,))
                return a, noise
            """,
            line=5,
            message_contains="`episode`",
        ),
        invalid(
            """
            import jax

            class Trainer:
                def shuffle(self, data, rng):
                    return data[jax.random.permutation(rng, data.shape[0])], rng

                def fit(self, data, rng):
                    for epoch in range(3):
                        batch, rng = self.shuffle(data, rng)
                    return batch
            """,
            line=5,
        ),
        invalid(
            """
            from typing import NamedTuple
            import jax

            class State(NamedTuple):
                x: jax.Array
                rng: jax.Array

            def init(key):
                key, _ = jax.random.split(key)
                return State(jax.random.normal(key, (3,)), key)

            def step(state):
                rng, sub = jax.random.split(state.rng)
                return State(state.x + jax.random.normal(sub, (3,)), rng)

            def run(seed):
                state = init(jax.random.PRNGKey(seed))
                return step(state)
            """,
            line=10,
            message_contains="`init`",
        ),
    ]
