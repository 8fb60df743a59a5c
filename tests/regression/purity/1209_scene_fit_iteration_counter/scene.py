import equinox as eqx
import jax
import jax.numpy as jnp
import optax
import optax._src.base as base


class Scene(eqx.Module):
    spectrum: jax.Array
    morphology: jax.Array

    def loss(self, observation):
        model = jnp.outer(self.spectrum, self.morphology)
        return 0.5 * jnp.sum((model - observation) ** 2)

    def fit(self, observation, stepsizes, max_iter=5, callback=None):
        steps = Scene(**stepsizes)
        it = 0

        def scale_by_stepsize() -> base.GradientTransformation:
            # adapted from optax.scale_by_param_block_norm()
            def init_fn(params):
                del params
                return base.EmptyState()

            def update_fn(updates, state, params):
                if params is None:
                    raise ValueError(base.NO_PARAMS_MSG)
                updates = jax.tree_util.tree_map(
                    lambda u, s, p: -s * u if not callable(s) else -s(p, it) * u,  # expect: JAX108
                    updates, steps, params, is_leaf=callable)
                return updates, state

            return base.GradientTransformation(init_fn, update_fn)

        optim = optax.chain(scale_by_stepsize())
        opt_state = optim.init(self)
        scene = self
        for step in range(max_iter):
            scene_, loss, opt_state = _make_step(scene, observation, optim, opt_state)
            if callback is not None:
                callback(step, scene, scene_)
            scene = scene_
            it += 1
        return scene


@eqx.filter_jit
def _make_step(model, observation, optim, opt_state):
    loss, grads = eqx.filter_value_and_grad(lambda m: m.loss(observation))(model)
    updates, opt_state = optim.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), loss, opt_state
