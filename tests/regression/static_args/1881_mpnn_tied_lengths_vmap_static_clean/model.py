"""ProteinMPNN sampler set-up (after colabdesign/mpnn/model.py)."""
import jax
import jax.numpy as jnp


class mk_mpnn_model:
    def __init__(self, num_letters=21):
        self.W = jax.random.normal(jax.random.PRNGKey(0), (3, num_letters)) * 0.1
        self._tied_lengths = False
        self._setup()

    def prep_inputs(self, X, lengths=None, homooligomer=False):
        self._inputs = {"X": X, "mask": jnp.ones(X.shape[0])}
        if homooligomer:
            self._inputs["lengths"] = jnp.asarray(lengths)
            self._tied_lengths = True
        else:
            self._tied_lengths = False

    def _setup(self):
        def _sample(X, mask, key, temperature=0.1, tied_lengths=False, **kwargs):
            randn = jax.random.uniform(key, (X.shape[0],))
            randn = jnp.where(mask, randn, randn + 1)
            if tied_lengths:
                copies = kwargs["lengths"].shape[0]
                order = randn.reshape(copies, -1).mean(0).argsort()
                decoding_order = jnp.arange(X.shape[0]).reshape(copies, -1).T[order]
            else:
                decoding_order = randn.argsort()[:, None]
            logits = X @ self.W / temperature
            return {"S": logits.argmax(-1), "decoding_order": decoding_order}

        def _sample_parallel(key, inputs, temperature, tied_lengths=False):
            inputs = dict(inputs)
            inputs.pop("temperature", None)
            inputs.pop("key", None)
            return _sample(**inputs, key=key, temperature=temperature, tied_lengths=tied_lengths)

        fn = jax.vmap(_sample_parallel, in_axes=[0, None, None, None])
        self._sample_parallel = jax.jit(fn, static_argnames=["tied_lengths"])

    def sample_parallel(self, batch=4, temperature=0.1, seed=0):
        keys = jax.random.split(jax.random.PRNGKey(seed), batch)
        return self._sample_parallel(keys, self._inputs, temperature, self._tied_lengths)
