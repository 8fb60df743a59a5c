"""Learner builder without side information (rolled-out next-state regression)."""
import jax
import jax.numpy as jnp
import optax


def build_learner_without_sideinfo(rng_key, optim, nstate, ncontrol, pen_l2=1e-4, batch_size=1):
    def pred_xnext(params, x, u):
        return x + 0.1 * jnp.tanh(x @ params["W"] + u @ params["B"])

    params_init = {"W": 0.1 * jax.random.normal(rng_key, (nstate, nstate)),
                   "B": jnp.zeros((ncontrol, nstate))}

    def loss_fun(params, xnext, x, u):
        if pen_l2 > 0:
            l2_loss = 0.5 * sum(jnp.sum(jnp.square(p)) for p in jax.tree_util.tree_leaves(params))
        else:
            l2_loss = 0
        # Scan function for roolout
        def rollout(carry, extra):
            curr_x, params = carry
            print(extra)  # expect: JAX101
            curr_u, true_nextx = extra
            next_x = pred_xnext(params, curr_x, curr_u)
            return (next_x, params), jnp.sum(jnp.square(next_x - true_nextx)) / curr_x.shape[0]
        _, loss_val = jax.lax.scan(rollout, (x, params), (u, xnext))
        loss_sum = jnp.sum(loss_val) / xnext.shape[0]
        return loss_sum + pen_l2 * l2_loss, ((loss_sum, loss_val[0]), l2_loss)

    def update(params, opt_state, xnext, x, u, n_iter=1):
        grad_fun = jax.grad(loss_fun, has_aux=True)

        def loop_fun_val(p_loop, extra):
            new_params, new_opt_state = p_loop
            grads, _ = grad_fun(new_params, xnext, x, u)
            updates, new_opt_state = optim.update(grads, new_opt_state, new_params)
            new_params = optax.apply_updates(new_params, updates)
            return (new_params, new_opt_state), None
        return jax.lax.scan(loop_fun_val, (params, opt_state), None, length=n_iter)[0]

    return params_init, pred_xnext, loss_fun, update
