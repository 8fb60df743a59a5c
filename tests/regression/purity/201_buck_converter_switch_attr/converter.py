import jax.numpy as jnp

R, L, C, V_E = 15.0, 0.002, 1e-4, 12.0


class BuckConverter:
    """Piecewise 'chopper' circuit whose switch toggles every period."""

    def __init__(self, period, duty):
        self.period = period
        self.next_off = duty * period

    def input_voltage(self, t):
        return jnp.where(t < self.next_off, V_E, 0.0)  # expect: JAX108

    def advance_switch(self):
        self.next_off = self.next_off + self.period  # expect: JAX105

    def rhs(self, t, y):
        i_L, v_C = y
        di = (self.input_voltage(t) - v_C) / L
        dv = (i_L - v_C / R) / C
        return jnp.stack([di, dv])
