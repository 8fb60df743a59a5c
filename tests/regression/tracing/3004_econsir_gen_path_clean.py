"""Clean look-alike. Econ-SIR model: `gen_path(par, pol, st0, imp, T, K)` builds the
time-varying policy inputs with `np.ones((T, 1))` (np is jax.numpy here) and runs the
SIR transition with `lax.scan`; the per-step "kill zone" uses `np.where(kz > 0, ...)`
instead of a Python if. The path length T and number of locations K are shape
parameters, and the jitted version marks them static:
`gen_jit = jax.jit(gen_path, static_argnums=(4, 5))`, so the shapes are concrete.

Source: https://github.com/iamlemec/econsir/blob/08b8a42c84e489717848ed96abab7178f79a6d7e/econsir/model.py#L221
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.lax as lax
import jax.numpy as np


def killzone(x, k, eps=1e-6):
    return np.exp(-k / (x + eps))


def sir(par, st, tv):
    s, i, r = st['s'], st['i'], st['r']
    zb, kz, im = tv['zb'], tv['kz'], tv['im']
    β = par['β'] * (1 - zb)
    di = β * s * i - par['γ'] * i + im
    ds = -β * s * i
    dr = par['γ'] * i
    sp, ip, rp = s + ds, i + di, r + dr
    # da kill zone
    zz = np.where(kz > 0, killzone(ip, kz), 1)
    ip = zz * ip
    stp = {'s': sp, 'i': ip, 'r': rp}
    return stp, dict(stp)


# iterate SIR for path
def gen_path(par, pol, st0, imp, T, K):
    tv = {
        'zb': pol['zb'] * np.ones((T, 1)),
        'kz': pol['kz'] * np.ones((T, 1)),
        'im': imp,
    }
    sf = partial(sir, par)
    last, path = lax.scan(sf, st0, tv)
    return path, last


# compiled simulator
gen_jit = jax.jit(gen_path, static_argnums=(4, 5))


def run():
    K, T = 10, 365
    par = {'β': 0.3, 'γ': 0.1}
    pol = {'zb': 0.2, 'kz': 0.0}
    st0 = {'s': np.ones(K) * 0.99, 'i': np.ones(K) * 0.01, 'r': np.zeros(K)}
    imp = np.zeros((T, K))
    path, last = gen_jit(par, pol, st0, imp, T, K)
    return path['i'].shape
