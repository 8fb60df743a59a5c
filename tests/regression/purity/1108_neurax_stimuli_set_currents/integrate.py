"""A leaky passive-membrane solver standing in for neurax.integrate.solve."""
import jax
import jax.numpy as jnp


def solve(num_comps, init_v, leak_g, dt, stimuli):
    comp_inds = stimuli.comp_inds

    def step(v, i_ext):
        drive = jnp.zeros(num_comps).at[comp_inds].add(i_ext)
        v = v + dt * (-leak_g * (v + 70.0) + drive)
        return v, v

    _, vs = jax.lax.scan(step, init_v, stimuli.currents)
    return vs.T  # (num_comps, time)
