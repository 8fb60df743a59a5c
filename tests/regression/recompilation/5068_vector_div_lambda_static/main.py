"""Active-particle probability flows: `vector_div` is jitted with the vector field `f` as a static
argument (static_argnums=0), and the network code calls it as
`deriv_utils.vector_div(lambda x: net(x, gs), xs)`, a brand-new lambda on every call. Static
callables are hashed by identity, so when the divergence is evaluated eagerly (here, a diagnostics
loop over saved snapshots) each call retraces and recompiles vector_div.

Source: https://github.com/nmboffi/active_pflows/blob/236907499af8c13f8d6507a732f6e0b72fd54999/py/common/networks.py#L554
Observed on jax 0.10.x: vector_div compiled 3 times
"""
import jax

from networks import construct_score_network


def run():
    key = jax.random.PRNGKey(0)
    W = 0.5 * jax.random.normal(key, (2, 2))
    net, particle_div = construct_score_network(W)
    snapshots = [jax.random.normal(jax.random.fold_in(key, t), (2, 4, 2)) for t in range(3)]
    divs = [particle_div(xg[0], xg[1], "x") for xg in snapshots]
    return len(divs)
