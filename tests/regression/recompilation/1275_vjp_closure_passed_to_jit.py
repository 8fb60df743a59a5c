"""A VJP function (the pullback returned by jax.vjp) is passed as an argument
to a jitted function; each new pullback flattens to a different treedef, so
the jitted function retraces every step.

Source: https://github.com/jax-ml/jax/issues/3755
"Nested VJP function always triggers recompilation": the follow-up to #3667
made ``jax.vjp`` return a pytree, "it does not ensure that regenerating the
cotangent function produces an equivalent pytree".  The proposed test builds
``_, g_vjp = api.vjp(g, 1.0)`` repeatedly and passes it to ``@jit def
w(this_g_vjp)`` while counting compilations.  Here a sensitivity-analysis loop
recomputes the pullback of a model at each operating point and hands it to a
jitted helper that applies it to a batch of cotangents.

Observed on jax 0.10.2: apply_pullback compiled 3 times
"""
import jax
import jax.numpy as jnp


def model(theta):
    return jnp.tanh(theta) * jnp.arange(1.0, 4.0)


@jax.jit
def apply_pullback(pullback, cotangents):
    return jax.vmap(lambda c: pullback(c)[0])(cotangents)


def sensitivities(thetas):
    cot = jnp.eye(3)
    out = []
    for theta in thetas:
        _, pullback = jax.vjp(model, theta)
        out.append(apply_pullback(pullback, cot))  # expect: JAX405
    return out


def run():
    return sensitivities([jnp.float32(0.1), jnp.float32(0.5), jnp.float32(0.9)])
