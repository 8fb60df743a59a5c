"""`jax.jit(hk.transform(f).apply)`, the transform written in place rather than bound to a name
first: `apply` runs `f` under the jit all the same, and so the methods of the modules `f`
calls (ProteinMPNN's legacy sampler in ColabDesign: `self.sample =
jax.jit(hk.transform(_forward_sample).apply)`, whose `sample` tests `if jnp.equal(mask_t,
0).all():` on a traced mask). Python evaluates `hk.transform(f).apply` as it does `model.apply`
after `model = hk.transform(f)`: the same object's method. (haiku is not installed in this
environment; the haiku measurement behind the bound form is in nnlibs.haiku_apply_key.)"""

from __future__ import annotations

from test_crossmodule import findings, write

SAMPLER = """
    import haiku as hk
    import jax
    import jax.numpy as jnp

    class Sampler(hk.Module):
        def sample(self, chain_mask, x):
            out = jnp.zeros_like(x)
            for t in range(x.shape[0]):
                if jnp.equal(chain_mask[t], 0).all():
                    out = out.at[t].set(x[t])
            return out

    def _forward_sample(chain_mask, x):
        return Sampler().sample(chain_mask, x)

    %s
"""


def test_a_jitted_apply_of_a_transform_written_in_place_traces_the_function(tmp_path):
    write(tmp_path, {"main.py": SAMPLER % "sample = jax.jit(hk.transform(_forward_sample).apply)"})
    assert findings(tmp_path) == [("main.py", 9, "JAX201")]


def test_the_bound_form_is_found_as_before(tmp_path):
    write(tmp_path, {"main.py": SAMPLER % "model = hk.transform(_forward_sample)\n    sample = jax.jit(model.apply)"})
    assert findings(tmp_path) == [("main.py", 9, "JAX201")]


def test_an_apply_left_unjitted_traces_nothing(tmp_path):
    write(tmp_path, {"main.py": SAMPLER % "sample = hk.transform(_forward_sample).apply"})
    assert findings(tmp_path) == []
