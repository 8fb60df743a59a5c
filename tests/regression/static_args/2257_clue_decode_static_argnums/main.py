"""In jax-relax's work-in-progress CLUE (a VAE-based counterfactual explainer) every
method is jitted with `self` static. `decode(self, dec_params, rng_key, z,
is_training=True)` was given `static_argnums=(0, 4, 5)` (copied from `sample`, which has
one more parameter): index 5 names no parameter, and jit rejects the decorator as soon
as the class body is executed, so importing the method module fails. The following
commit dropped the jit from `decode`.

Source: https://github.com/BirkhoffG/jax-relax/blob/43bbd97ac6a0c2a24f5a86371c7011d3bd540827/relax/methods/clue.py#L136
Observed on jax 0.10.x: raises ValueError
"""
import jax
import jax.numpy as jnp


def run():
    from .clue import CLUE  # the methods module, imported when the explainer is built

    clue = CLUE()
    key = jax.random.PRNGKey(0)
    dec_params = clue.decoder.init(key, jnp.ones((1, clue.enc_size)))
    mean, var = jnp.zeros((3, clue.enc_size)), jnp.ones((3, clue.enc_size))
    out = clue.sample_step(key, dec_params, mean, var, is_training=False)
    return int(out.shape[0])


if __name__ == "__main__":
    print(run())  # run as a package: python -m ...main
