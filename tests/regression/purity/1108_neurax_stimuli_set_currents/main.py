"""Jitting a simulate() that rewrites the global Stimuli object leaks a tracer.

Source: https://github.com/jaxleyverse/jaxley/issues/74
(code of the ``Stimuli`` class from https://github.com/jaxleyverse/jaxley/commit/282047ef11f37c7a37a88ceaab0381c40ece4260)

In neurax (later jaxley) a training script builds one module-level ``stimuli``
object and, inside ``simulate(mem_params, image)``, calls
``stims = stimuli.set_currents(new_current)``. ``set_currents`` assigns
``self.currents = currents`` on that shared object, so running
``jit(vmap(simulate))`` stores a tracer of the jitted trace in a global. The next
use of the object outside that trace fails with ``UnexpectedTracerError``; in
the issue that was the loss function evaluated after the jitted simulations,
here it is the summary of the injected stimulus computed after the batch run.

Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp

from .integrate import solve
from .stimulus import Stimuli, Stimulus, step_current

DT = 0.025
TIME_VEC = jnp.arange(0.0, 5.0, DT)
NUM_COMPS = 8
init_v = -70.0 * jnp.ones(NUM_COMPS)
stimuli = Stimuli(
    [Stimulus(0, 0, 0.0, step_current(1.0, 2.0, 0.5, TIME_VEC))], nseg_per_branch=NUM_COMPS
)


def simulate(leak_g, image):
    new_current = jnp.zeros((TIME_VEC.shape[0], 1))
    new_current = new_current.at[40:, :].set(0.01 * jnp.sum(image))
    stims = stimuli.set_currents(new_current)
    return solve(NUM_COMPS, init_v, leak_g, DT, stims)


jitted_sim = jax.jit(jax.vmap(simulate, in_axes=(None, 0)))


def run():
    images = jnp.linspace(0.0, 1.0, 4 * 16).reshape(4, 16)
    traces = jitted_sim(0.1, images)
    traces.block_until_ready()
    injected_charge = jnp.sum(stimuli.currents) * DT  # summary for the training log
    return float(injected_charge)
