import functools

import jax


@functools.partial(jax.jit, static_argnames=("step_fn", "max_steps"))
def run_loop_jit(profile, step_fn, max_steps):
    def body(p, _):
        p = step_fn(p)
        return p, p.mean()

    final, history = jax.lax.scan(body, profile, None, length=max_steps)
    return final, history
