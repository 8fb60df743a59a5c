"""A score-based diffusion model (equinox/JAX research library) samples with an
Euler-Maruyama predictor. `ScoreBasedSDE.sample` builds a brand-new
`EulerMaruyamaPredictor(self.sde, self.score, False)` object and wraps it in `jax.jit`
on every call, then calls it inside the reverse-time loop. The jit cache is keyed on
the callable, so each call to `sample` (e.g. once per evaluation epoch) traces and
compiles the predictor again; the author's commit message for this change was "Turns
out it was the jit cache instead of serialization".

Source: https://github.com/kazewong/ModelLibrary/blob/1a4a306a0fd2ed36b4a9dda7e71104bc424d9802/src/kazeML/jax/diffusion/sde_score.py#L187
Observed on jax 0.10.x: 3 of 3 calls
"""
import logging

import jax
import jax.numpy as jnp

from sde_score import ScoreBasedSDE, VPSDE


class _CompileLog(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def run():
    """Returns how many of the 3 `sample` calls compiled the predictor again."""
    log = _CompileLog()
    jax_logger = logging.getLogger("jax")
    jax_logger.addHandler(log)
    model = ScoreBasedSDE(VPSDE(), weight=jnp.float32(0.5))
    key = jax.random.PRNGKey(0)
    recompiled = 0
    try:
        with jax.log_compiles():
            for _ in range(3):  # one sampling pass per evaluation epoch
                seen = len(log.messages)
                key, _, _ = model.sample(key, (4, 8), n_steps=5)
                recompiled += any("Compiling jit(<unnamed function>)" in m for m in log.messages[seen:])
    finally:
        jax_logger.removeHandler(log)
    return recompiled


if __name__ == "__main__":
    print(run())
