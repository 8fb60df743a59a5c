import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax


class BackpropTrainer:
    def __init__(self, task, optim, steps=5):
        self.task = task
        self.optim = optim
        self.steps = steps

    def run(self, model, key):
        # Define all functions here so that they are not recompiled on each call to the loops
        params, statics = eqx.partition(model, eqx.is_array)

        def eval_fn(params, key):
            m = eqx.combine(params, statics)
            return self.task(m, key)

        @eqx.filter_jit
        def grad_step(carry, _):
            params, opt_state, key = carry
            key, eval_key = jr.split(key)
            loss_value, grads = eqx.filter_value_and_grad(eval_fn)(params, eval_key)
            updates, opt_state = self.optim.update(grads, opt_state, params)
            params = eqx.apply_updates(params, updates)
            return (params, opt_state, key), loss_value

        return self._fit_loop(grad_step, (params, self.optim.init(params), key), statics)

    def _fit_loop(self, step_fn, training_state, statics, n_loops=3):
        losses = []
        for i in range(n_loops):
            training_state, loss = jax.lax.scan(step_fn, training_state, jnp.arange(self.steps))
            losses.append(loss)
        return eqx.combine(training_state[0], statics), losses
