"""Minimal SAX-style circuit helpers: models are dicts of port-pair -> function
of a nested parameter dict."""
import jax.numpy as jnp


def copy_params(params):
    return {k: (copy_params(v) if isinstance(v, dict) else v) for k, v in params.items()}


def set_global_params(params, **kwargs):
    out = copy_params(params)
    for comp in out.values():
        if isinstance(comp, dict):
            comp.update(kwargs)
    return out


def _mirror_t(p):
    return p["t_amp"] * jnp.exp(1j * p["t_ang"])


def _mirror_r(p):
    return 1j * jnp.sqrt(1 - p["t_amp"] ** 2) * jnp.exp(1j * p["t_ang"])


def _transmission(params):
    m, gap = params["mirror"], params["gap"]
    phase = 2 * jnp.pi * gap["ni"] * gap["di"] / gap["wl"]
    t, r = _mirror_t(m), _mirror_r(m)
    return t * t * jnp.exp(1j * phase) / (1 - r * r * jnp.exp(2j * phase))


fabry_perot_tunable = {
    ("in", "out"): _transmission,
    "default_params": {
        "mirror": {"t_amp": 0.5, "t_ang": 0.0, "wl": 500.0},
        "gap": {"ni": 1.0, "di": 2000.0, "wl": 500.0},
    },
}


def lorentzian(x0, gamma, x, amp):
    return amp * gamma ** 2 / ((x - x0) ** 2 + gamma ** 2) / amp
