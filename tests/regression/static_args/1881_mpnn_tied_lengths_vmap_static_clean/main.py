"""ColabDesign's ProteinMPNN wrapper vmaps its sampler and jits the vmapped
function with ``static_argnames=["tied_lengths"]`` (a list, not a tuple), then
calls it positionally: ``self._sample_parallel(keys, I, temperature,
self._tied_lengths)``. jit reads the names through the vmap wrapper's
signature, so the fourth positional argument is the static ``tied_lengths``; it
is a plain bool set by ``prep_inputs``. Sampling many designs for the same
target reuses one compilation.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/mpnn/model.py#L300
Observed on jax 0.10.x: _sample_parallel compiled 1 times
"""
import jax

from model import mk_mpnn_model


def run():
    mpnn = mk_mpnn_model()
    X = jax.random.normal(jax.random.PRNGKey(2), (40, 3))
    mpnn.prep_inputs(X)
    for seed in range(4):
        mpnn.sample_parallel(batch=8, temperature=0.1, seed=seed)
