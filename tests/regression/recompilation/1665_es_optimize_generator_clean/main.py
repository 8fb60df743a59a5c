"""A feature request for evosax proposed an `optimize` convenience generator: it builds the
ask-evaluate-tell step, wraps `steps_per_output` of them in a `lax.scan` inside a jitted
`es_epoch`, jits `output_fn`, and then yields forever from a `while True` loop. The jitted
functions are created once per `optimize` call, before the loop, and every epoch calls them with
the same shapes, so consuming many outputs from the generator compiles `es_epoch` once.

Source: https://github.com/RobertTLange/evosax/issues/61
Observed on jax 0.10.x: es_epoch compiled 1 times
"""
import jax
import jax.numpy as jnp

from strategies import OpenES


def optimize(f, x, rng, strat, steps_per_output=1):
    def es_step(state, rng):
        rngs = jax.random.split(rng, 1 + strat.popsize)
        x, state = strat.ask(rngs[0], state)
        y = jax.vmap(f)(x, rngs[1:])
        state = strat.tell(x, y, state)
        return state, y.mean()

    @jax.jit
    def es_epoch(state, rng):
        rngs = jax.random.split(rng, steps_per_output)
        state, y = jax.lax.scan(es_step, state, rngs)
        return state, y.mean()

    @jax.jit
    def output_fn(state):
        return state.mean

    rng, subrng = jax.random.split(rng)
    state = strat.initialize(subrng, init_mean=x)
    while True:
        rng, subrng = jax.random.split(rng)
        state, y = es_epoch(state, subrng)
        yield output_fn(state), y


def f(x, rng):
    return x @ x + jax.random.normal(rng) * 0.1


def run():
    x = jnp.ones(2)
    strat = OpenES(popsize=10, pholder_params=x, lrate_init=1e-2, sigma_init=1e-1)
    gen = optimize(f, x, jax.random.PRNGKey(0), strat, steps_per_output=5)
    for _ in range(6):
        params, fitness = next(gen)
    return None
