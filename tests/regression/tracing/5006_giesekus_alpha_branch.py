"""Giesekus viscoelastic model: ``get_critical_weissenberg`` branches in Python on the mobility
parameter, ``if self.alpha > 1e-6: return 1/sqrt(alpha) else: return inf``. With a fitted float
it works, but when the model's parameter is a traced value (here a vmapped sweep over alpha, as
in a sensitivity / posterior-predictive pass), the comparison on the model field is a tracer and
the Python ``if`` needs its truth value. The project rewrote it as jnp.where.

Source: https://github.com/imewei/rheojax/blob/e9af47103af12e635d1ee3bd31d9dcefe37fb3b6/rheojax/models/giesekus/_base.py#L293
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


class GiesekusBase:
    def __init__(self, eta_p=100.0, lambda_1=1.0, alpha=0.3):
        self.parameters = {"eta_p": eta_p, "lambda_1": lambda_1, "alpha": alpha}

    @property
    def alpha(self):
        return self.parameters["alpha"]

    def get_normal_stress_ratio(self):
        return -self.alpha / 2.0

    def get_critical_weissenberg(self):
        # Onset scales as 1/sqrt(alpha) for small alpha
        if self.alpha > 1e-6:  # expect: JAX201
            return 1.0 / jnp.sqrt(self.alpha)
        else:
            return jnp.inf  # No shear-thinning for alpha=0


def critical_wi(alpha):
    return GiesekusBase(alpha=alpha).get_critical_weissenberg()


def run():
    GiesekusBase(alpha=0.3).get_critical_weissenberg()  # float parameter: fine
    alphas = jnp.linspace(0.0, 0.5, 6)
    return jax.vmap(critical_wi)(alphas)


if __name__ == "__main__":
    run()
