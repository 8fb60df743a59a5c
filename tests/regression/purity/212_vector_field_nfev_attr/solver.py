import jax


def heun_solve(term, y0, dt, n_steps):
    def step(y, i):
        t = i * dt
        f0 = term(t, y)
        f1 = term(t + dt, y + dt * f0)
        y = y + dt / 2 * (f0 + f1)
        return y, y

    _, ys = jax.lax.scan(step, y0, jax.numpy.arange(n_steps))
    return ys


def make_jitted_solver(term, dt, n_steps):
    return jax.jit(lambda y0: heun_solve(term, y0, dt, n_steps))
