"""chebfunjax records one-sided evaluation points in a module-level list: while a chebop is
discovering interior breakpoints, every ``f(x, "right")`` / ``jump(f, x)`` appends
``float(x)`` to ``_SIDE_EVAL_RECORD`` (inside a try/except that swallows failures). When the
jump condition is evaluated inside a jitted function, x is a tracer: the append runs at trace
time only and its float() fails and is silently skipped, so the recorded breakpoint list stays
empty no matter how many jitted evaluations happen.

Source: https://github.com/ma-gilles/chebfunjax/blob/5e2cf60fd0ef96d946fe8c8e380e00da5b69808d/src/chebfunjax/chebfun1d/chebfun.py#L54
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

_SIDE_EVAL_RECORD = None


def _record_side_eval(x):
    if _SIDE_EVAL_RECORD is not None:
        try:
            _SIDE_EVAL_RECORD.append(float(jnp.asarray(x).reshape(())))  # expect: JAX104,JAX202,JAX108
        except Exception:
            pass


def start_side_eval_record():
    global _SIDE_EVAL_RECORD
    _SIDE_EVAL_RECORD = []


def stop_side_eval_record():
    global _SIDE_EVAL_RECORD
    rec = _SIDE_EVAL_RECORD or []
    _SIDE_EVAL_RECORD = None
    return rec


class Chebfun:
    """Piecewise function with a breakpoint at 0: |x| on [-1, 1]."""

    def __call__(self, x, side=None):
        if side is not None:
            _record_side_eval(x)
            eps = 1e-12 if side == "right" else -1e-12
            x = x + eps
        return jnp.abs(x)


def jump(f, x, c=0.0):
    return f(x, "right") - f(x, "left") - c


def run():
    f = Chebfun()
    jump_jit = jax.jit(lambda x: jump(f, x))
    lost = 0
    for x in (0.0, 0.25, -0.5):
        start_side_eval_record()
        jump_jit(jnp.float32(x))
        rec = stop_side_eval_record()
        lost += len(rec) == 0
    return int(lost)


if __name__ == "__main__":
    run()
