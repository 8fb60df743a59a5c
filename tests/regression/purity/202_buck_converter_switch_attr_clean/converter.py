import jax.numpy as jnp

R, L, C, V_E = 15.0, 0.002, 1e-4, 12.0


class BuckConverter:
    """Piecewise 'chopper' circuit; the switching time is explicit state."""

    def __init__(self, period, duty):
        self.period = period
        self.first_off = duty * period

    def input_voltage(self, t, next_off):
        return jnp.where(t < next_off, V_E, 0.0)

    def rhs(self, t, y, next_off):
        i_L, v_C = y
        di = (self.input_voltage(t, next_off) - v_C) / L
        dv = (i_L - v_C / R) / C
        return jnp.stack([di, dv])
