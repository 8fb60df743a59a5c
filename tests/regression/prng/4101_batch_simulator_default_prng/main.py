"""The SBI driver of a stochastic weather generator wraps its simulator in a
`BatchSimulator` that keeps a `default_prng` key.  `simulate` splits that key locally,
but the advanced key is only a local variable: `self.default_prng` is never updated.
Each SBI round that calls `simulator(theta)` without an explicit key therefore gets the
same weather noise for the same parameters, i.e. the "new" simulations of a round
repeat the previous round's noise exactly.

Source: https://github.com/bgroenks96/wxsbi/blob/f45df0bc5e24d2b7d755900a43e1cfaaeb56fb0c/wxsbi/wxsbi.py#L31-L75
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp

from simulator import BatchSimulator


def simulate_ts(theta, prng):
    # daily temperature: mean + scale * noise, for 30 days
    noise = jax.random.normal(prng, (theta.shape[0], 30))
    return {"Tavg": theta[:, :1] + theta[:, 1:2] * noise}


def summarizer(Tavg):
    return jnp.stack([Tavg.mean(axis=1), Tavg.std(axis=1)], axis=1)


def run():
    simulator = BatchSimulator(simulate_ts, summarizer)
    theta = jnp.array([[10.0, 2.0], [15.0, 3.0]])
    rounds = [simulator(theta) for _ in range(3)]
    return sum(int(jnp.array_equal(a, b)) for a, b in zip(rounds, rounds[1:]))
