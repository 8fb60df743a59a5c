import jax


def _while_loop_scan(cond_fun, body_fun, init_val, max_iter):
    def _fun(tup, _):
        val, cond = tup
        return jax.lax.cond(cond, lambda v: (body_fun(v), cond_fun(body_fun(v))),
                            lambda v: (v, False), val), None

    return jax.lax.scan(_fun, (init_val, cond_fun(init_val)), None, length=max_iter)[0][0]


def _while_loop_python(cond_fun, body_fun, init_val, max_iter):
    val = init_val
    for _ in range(max_iter):  # expect: JAX407
        val = jax.lax.cond(cond_fun(val), body_fun, lambda v: v, val)
    return val


def while_loop(cond_fun, body_fun, init_val, max_iter, unroll=False):
    if unroll:
        return _while_loop_python(cond_fun, body_fun, init_val, max_iter)
    return _while_loop_scan(cond_fun, body_fun, init_val, max_iter)
