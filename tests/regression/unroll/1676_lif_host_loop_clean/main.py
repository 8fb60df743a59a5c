"""A "NumPy to optimized JAX" tutorial ports a leaky integrate-and-fire network in stages. In the
jit stage only the per-timestep `update_step` is jitted; `run_simulation` keeps the time loop in
Python (`for i, t in enumerate(jnp.arange(0, t_max, dt))`) and calls the compiled step each
iteration, collecting spikes in a host list. The loop is long (200 steps here) but it runs on the
host around one small compiled program, so nothing is unrolled into XLA; the later stage moves
the loop into `lax.scan` for speed, not for compile time.

Source: https://github.com/IanQS/numpy_to_jax/blob/d667e9537e9391c3bd8b08a1f154cc77a878cc84/case_studies/leaky_integrate_and_fire/jax_leaky_integrate_and_fire_2_jit.ipynb
Observed on jax 0.10.x: update_step compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np

from lif_hparams import _dt, _t_max, _tau_m, _V_reset, _V_thresh, _R, num_simulations


@jax.jit
def update_step(V, W, v_thresh, v_reset, dt, tau_m, membr_R):
    fired = V >= v_thresh
    V = jnp.where(fired, v_reset, V)
    I_syn = W.dot(fired)  # Synaptic current from spikes
    dV = (dt / tau_m) * (-V + v_reset + membr_R * I_syn)
    V += dV
    V = jnp.where(fired, v_reset, V)
    return V, fired


def run_simulation(W, V, tau_m, v_reset, v_thresh, membr_R, t_max, dt):
    spike_train = []
    for i, t in enumerate(jnp.arange(0, t_max, dt)):
        if i == 0:
            continue
        V, fired = update_step(V, W, v_thresh, v_reset, dt, tau_m, membr_R)
        spike_train.append(fired)
    return spike_train


def run():
    W = jnp.asarray(np.random.default_rng(0).normal(size=(50, 50)).astype(np.float32)) * 0.3
    _V = jnp.ones(len(W)) * _V_reset + 1.1
    for _ in range(num_simulations):
        spike_train = run_simulation(W, _V, _tau_m, _V_reset, _V_thresh, _R, _t_max, _dt)
        np.asarray(spike_train)
    return None
