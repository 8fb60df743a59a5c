from functools import partial

import jax
import jax.numpy as jnp
import jax.scipy as jsp


@partial(jax.jit, static_argnames=["density"])
def hist(data, weights, bins, bandwidth, density=False):
    cdf = jsp.stats.norm.cdf(bins.reshape(-1, 1), loc=data, scale=bandwidth)
    cdf = cdf * weights
    counts = (cdf[1:, :] - cdf[:-1, :]).sum(axis=1)
    if density:
        counts = counts / jnp.diff(bins) / counts.sum(axis=0)
    return counts


# jitting however not of much help here
@partial(jax.jit, static_argnames=["objective", "cls_var_idx", "w2"])
def compute_hist_wrapper(i, objective, data, cls_var_idx, nn_output, weights,
                         scale, bw, bins, w2=False):
    # these ifs only work because of static_argnames
    if objective == "cls_var":
        sample_data = data[i, :, cls_var_idx]
    elif objective == "cls_nn":
        sample_data = nn_output[i, :]
    sample_weights = weights[i, :]
    if w2:
        sample_weights = jnp.power(sample_weights, 2)
    return hist(data=sample_data, weights=sample_weights, bandwidth=bw, bins=bins) * scale[i]


def fill_hists(pars, data, config, sel_weights, scale):
    compute_hist = partial(
        compute_hist_wrapper,
        objective=config.objective,
        data=data,
        cls_var_idx=config.cls_var_idx,
        nn_output=None,
        scale=scale,
        bw=pars["bw"],
        bins=config.bins,
    )
    nominal = jax.vmap(lambda i: compute_hist(i, weights=sel_weights))(jnp.arange(data.shape[0]))
    w2 = jax.vmap(lambda i: compute_hist(i, weights=sel_weights, w2=True))(jnp.arange(data.shape[0]))
    return nominal, w2
