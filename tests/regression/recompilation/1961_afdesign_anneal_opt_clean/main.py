"""ColabDesign's AfDesign optimiser anneals its options every iteration: `design()` recomputes
`soft`, `temp` and `hard` from the iteration number and stores them with `set_opt`, and each step
passes the whole option dict into the jitted `grad_fn` as `inputs["opt"]`. The options are traced
leaves of the input pytree, not static arguments, and every schedule value is computed in float
arithmetic (even `design_soft(temp=1)` gives a float), so the three design stages with hundreds of
different option values reuse a single compilation.

Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/af/design.py#L335
Observed on jax 0.10.x: _model compiled 1 times
"""
from model import mk_af_model


def run():
  af_model = mk_af_model(length=20)
  af_model.design_3stage(soft_iters=6, temp_iters=4, hard_iters=2)
  assert af_model.opt["hard"] == 1.0
