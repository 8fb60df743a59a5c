"""ColabDesign's TrRosetta design model averages the background distributions
of five background networks. The background model is built as
``jax.jit(model, static_argnums=2)`` where argument 2 is ``length``, used as a
shape (``jax.random.normal(key, (length, length, 64))``). The loop over the five
weight files passes different parameters (same shapes) but the same
``self._len`` every time, so the static length never changes and the network
compiles once for all five.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/tr/model.py#L166
Observed on jax 0.10.x: model compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def TrRosetta(bkg_model=False):
    def trunk(x, params, key, rate=0.15):
        x = jax.nn.elu(x @ params["encoder"])
        o = {k: x @ params[k] for k in ["theta", "phi"]}
        x = (x + x.swapaxes(0, 1)) / 2
        o.update({k: x @ params[k] for k in ["dist", "omega"]})
        return o

    if bkg_model:
        def model(params, key, length=100):
            key, sub_key = jax.random.split(key)
            x = jax.random.normal(sub_key, (length, length, 64))
            return trunk(x, params, key, 0.0)
        return jax.jit(model, static_argnums=2)

    def model(inputs, params, key, rate=0.15):
        return trunk(inputs, params, key, rate)
    return jax.jit(model)


def get_model_params(n, rng):
    shapes = {"encoder": (64, 16), "theta": (16, 25), "phi": (16, 13), "dist": (16, 37), "omega": (16, 25)}
    return {k: jnp.asarray(rng.standard_normal(s) * 0.1, jnp.float32) for k, s in shapes.items()}


class mk_trdesign_model:
    def __init__(self):
        self._bkg_model = TrRosetta(bkg_model=True)
        self._inputs = {}

    def prep_inputs(self, length, seed=0):
        self._len = length
        rng = np.random.default_rng(seed)
        key = jax.random.PRNGKey(seed)
        self._inputs["6D_bkg"] = []
        for n in range(1, 6):
            self._inputs["6D_bkg"].append(self._bkg_model(get_model_params(n, rng), key, self._len))
        self._inputs["6D_bkg"] = jax.tree_util.tree_map(lambda *x: np.stack(x).mean(0), *self._inputs["6D_bkg"])


def run():
    mk_trdesign_model().prep_inputs(length=48)
