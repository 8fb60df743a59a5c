"""cmm (coherence mixture model) first power-iteration helper: `power_iteration(Ank,
itemax=1000)` runs `for ite in range(int(itemax))` over matrix-vector products to find the
dominant eigenpair, and the user jits it (and later vmaps the jitted version over frequencies).
Under jit the 1000 iterations are unrolled into one program of ~4000 ops; the author's next
commit ("add jitted power iteration with vmap") replaced the loop by lax.while_loop.

Source: https://github.com/vruetten/cmm/blob/0d4ffb302792b8775b2ac76f581408d7bc419598/src/cmm/power_iteration.py#L10
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as np


@partial(jax.jit, static_argnames=("itemax", "verbose"))
def power_iteration(Ank: np.array, itemax=1000, verbose=False):
    """power iteration for Akn"""
    n, k = Ank.shape
    vk = np.ones(k) / np.sqrt(k)
    Akn = Ank.T
    Ank_ = np.conj(Ank)
    for ite in range(int(itemax)):  # expect: JAX407
        Av = Ank_ @ vk
        AAv = Akn @ Av
        vk_new = AAv / np.linalg.norm(AAv)
        diff = np.abs(vk_new - vk).sum() / k
        vk = vk_new

    Av = Ank_ @ vk
    eigenvalue = (Av * np.conj(Av)).sum()
    return eigenvalue, vk


def run():
    key = jax.random.PRNGKey(0)
    xnk = jax.random.normal(key, (20, 6))
    eigval, eigvec = power_iteration(xnk, itemax=64)
    eigval.block_until_ready()
