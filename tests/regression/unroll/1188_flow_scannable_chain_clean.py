"""Flow layers stacked along a leading axis and applied with lax.scan (fixed).

Source: https://github.com/danielward27/flowjax/pull/51
What happened: flowjax's `Chain` looped over its bijections in Python, so deep flows were
unrolled layer by layer inside the jitted loss.  PR #51 added `ScannableChain`: "Repeatedly
apply the same bijection with different parameter values. Internally, uses
`jax.lax.scan` to reduce compilation time. The array leaves in `bijection` should have an
additional leading axis to scan over. Often it is convenient to construct these using
`equinox.filter_vmap`" -- it stores `static, params = eqx.partition(bijection,
eqx.is_array)` and scans `eqx.combine(params_i, static)` over the stack.  Same flow and
training step as the hazard, built the ScannableChain way.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class CouplingAffine(eqx.Module):
    weight: jax.Array
    loc: jax.Array
    log_scale: jax.Array
    split: int = eqx.field(static=True)

    def transform_and_log_abs_det_jacobian(self, x):
        x_cond, x_trans = x[: self.split], x[self.split:]
        s = jnp.tanh(self.weight @ x_cond)
        y = jnp.concatenate([x_cond, x_trans * jnp.exp(s)])
        return y * jnp.exp(self.log_scale) + self.loc, jnp.sum(s) + jnp.sum(self.log_scale)


class ScannableChain(eqx.Module):
    static: CouplingAffine = eqx.field(static=True)
    params: CouplingAffine

    def __init__(self, bijection):
        self.params, self.static = eqx.partition(bijection, eqx.is_array)

    def transform_and_log_abs_det_jacobian(self, x):
        def step(carry, params_i):
            x, log_det = carry
            layer = eqx.combine(params_i, self.static)
            x, ld = layer.transform_and_log_abs_det_jacobian(x)
            return (x, log_det + ld), None

        (x, log_det), _ = jax.lax.scan(step, (x, 0.0), self.params)
        return x, log_det


def make_flow(key, dim, flow_layers):
    def make_layer(k):
        k1, k2 = jax.random.split(k)
        return CouplingAffine(0.1 * jax.random.normal(k1, (dim - dim // 2, dim // 2)),
                              0.1 * jax.random.normal(k2, (dim,)), jnp.zeros(dim), dim // 2)

    return ScannableChain(eqx.filter_vmap(make_layer)(jax.random.split(key, flow_layers)))


def log_prob(flow, x):
    z, log_det = flow.transform_and_log_abs_det_jacobian(x)
    return -0.5 * jnp.sum(z ** 2) + log_det


@eqx.filter_jit
def step(flow, batch):
    loss, grads = eqx.filter_value_and_grad(
        lambda f: -jnp.mean(jax.vmap(lambda x: log_prob(f, x))(batch)))(flow)
    flow = eqx.apply_updates(flow, jax.tree_util.tree_map(lambda g: -1e-2 * g, grads))
    return flow, loss


def run():
    flow = make_flow(jax.random.PRNGKey(0), dim=4, flow_layers=24)
    batch = jax.random.normal(jax.random.PRNGKey(1), (32, 4))
    flow, loss = step(flow, batch)
    return float(loss)


if __name__ == "__main__":
    print(run())
