import jax


def make_period_step(conv, dt, n_sub):
    @jax.jit
    def period_step(t0, y, next_off):
        def body(k, carry):
            t, y = carry
            return t + dt, y + dt * conv.rhs(t, y, next_off)

        t, y = jax.lax.fori_loop(0, n_sub, body, (t0, y))
        return t, y, next_off + conv.period

    return period_step
