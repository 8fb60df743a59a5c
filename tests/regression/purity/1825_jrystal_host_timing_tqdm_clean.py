"""jrystal (differentiable plane-wave DFT for crystals) minimises the free energy with a jitted
`update(params, opt_state, temp, g_vec, potential_nl)`. Everything impure lives in the host loop:
the smearing temperature comes from an optax schedule and is passed in as an argument each
iteration, `time.time()` brackets the call with `jax.block_until_ready`, a convergence checker
inspects the returned energy, and tqdm's description is updated with formatted losses. Clean
look-alike: timing, logging and a progress bar right next to a jitted step, none of them inside it.

Source: https://github.com/sail-sg/jrystal/blob/f29fc6e4a32397178a2c58468fa44ae4b106260d/jrystal/calc/calc_ground_state_energy_normcons.py#L229
Observed on jax 0.10.x: 6 of 6 calls
"""
import logging
import time

import jax
import jax.numpy as jnp
import optax


class tqdm:  # minimal stand-in for tqdm.tqdm (not installed here): iterable + set_description
    def __init__(self, iterable, disable=False):
        self.iterable, self.desc = iterable, ""

    def __iter__(self):
        return iter(self.iterable)

    def set_description(self, desc):
        self.desc = desc


class ConvergenceChecker:
    def __init__(self, tol=1e-9):
        self.tol, self.prev = tol, None

    def check(self, e):
        converged = self.prev is not None and abs(float(e) - self.prev) < self.tol
        self.prev = float(e)
        return converged


def run():
    g_vec = jnp.linspace(0.1, 1.0, 16)
    potential_loc = jnp.cos(g_vec)
    optimizer = optax.adam(1e-2)

    def free_energy(params_pw, params_occ, temp, g_vec, potential_nl):
        occ = jax.nn.softmax(params_occ)
        total = jnp.sum(occ * (params_pw**2 * g_vec + potential_loc * params_pw + potential_nl))
        etro = -jnp.sum(occ * jnp.log(occ + 1e-12))
        return total - temp * etro, (total, etro)

    @jax.jit
    def update(params, opt_state, temp, g_vec, potential_nl):
        loss = lambda x: free_energy(x["pw"], x["occ"], temp, g_vec, potential_nl)
        (loss_val, es), grad = jax.value_and_grad(loss, has_aux=True)(params)
        updates, opt_state = optimizer.update(grad, opt_state)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss_val, es

    temperature_scheduler = optax.exponential_decay(init_value=100., transition_steps=3, decay_rate=0.01, end_value=0.01)
    params = {"pw": jnp.ones(16), "occ": jnp.zeros(16)}
    opt_state = optimizer.init(params)
    checker = ConvergenceChecker()
    iters = tqdm(range(6), disable=True)
    train_time, reported = 0.0, 0
    for i in iters:
        temp = temperature_scheduler(i)
        start = time.time()
        params, opt_state, loss_val, es = update(params, opt_state, temp, g_vec, potential_loc * 0.1)
        etot, entro = es
        etot = jax.block_until_ready(etot)
        train_time += time.time() - start
        if checker.check(etot):
            logging.info("Converged.")
            break
        iters.set_description(f"Loss: {loss_val:.4f}|Energy: {etot:.4f}|Entropy: {entro:.4f}|T: {temp:.2E}")
        reported += iters.desc.startswith("Loss:")
    return reported
