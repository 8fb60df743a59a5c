"""Flow built as a Chain of many layers that is iterated in Python inside the loss.

Source: https://github.com/danielward27/flowjax/pull/51
What happened: flowjax's `Chain(Bijection)` stored `bijections: Tuple[Bijection]` and its
`transform`, `transform_and_log_abs_det_jacobian`, `inverse`, ... methods were
`for bijection in self.bijections: x, log_abs_det_jac_i = bijection.transform_and_...`.
Flows such as `MaskedAutoregressiveFlow(flow_layers=...)` were Chains of
`flow_layers` coupling + permutation layers, so the jitted, differentiated loss
contained every layer separately and compilation time grew with depth.  PR #51
("recompilation" branch: commits "Add scannable chain", "Rename flows and update to scan")
added `ScannableChain`, which "repeatedly appl[ies] the same bijection with different
parameter values. Internally, uses `jax.lax.scan` to reduce compilation time", and
switched the flow constructors to it.  Here the bijections module keeps the Python-loop
Chain and the driver fits a 24-layer flow with an `eqx.filter_jit` step.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from bijections import masked_autoregressive_flow


def log_prob(flow, x):
    z, log_det = flow.transform_and_log_abs_det_jacobian(x)
    return -0.5 * jnp.sum(z ** 2) + log_det


@eqx.filter_jit
def step(flow, batch):
    loss, grads = eqx.filter_value_and_grad(
        lambda f: -jnp.mean(jax.vmap(lambda x: log_prob(f, x))(batch)))(flow)
    flow = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, flow, grads)
    return flow, loss


def run():
    flow = masked_autoregressive_flow(jax.random.PRNGKey(0), dim=4, flow_layers=24)
    batch = jax.random.normal(jax.random.PRNGKey(1), (32, 4))
    flow, loss = step(flow, batch)
    return float(loss)


if __name__ == "__main__":
    print(run())
