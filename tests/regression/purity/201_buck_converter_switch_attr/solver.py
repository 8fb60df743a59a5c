import jax


def make_period_step(conv, dt, n_sub):
    @jax.jit
    def period_step(t0, y):
        def body(k, carry):
            t, y = carry
            return t + dt, y + dt * conv.rhs(t, y)

        t, y = jax.lax.fori_loop(0, n_sub, body, (t0, y))
        conv.advance_switch()
        return t, y

    return period_step
