import jax
import jax.numpy as jnp
import optax


def yield_minibatches(hp, data):
    for i in range(0, hp.train_size, hp.minibatch_size):
        yield data[i:i + hp.minibatch_size]


def integrate_in_parallel(apply_net, start_states, controls, h):
    def step(x, u):
        x = x + h * apply_net(x, u)
        return x, x
    _, xs = jax.lax.scan(step, start_states, jnp.swapaxes(controls, 0, 1))
    return jnp.swapaxes(xs, 0, 1)


def train(node, start_epoch=0):
    @jax.jit
    def loss(params, minibatch):
        def apply_net(x, u):
            net_input = jnp.concatenate([x, u], axis=-1)
            return node.net_apply(params, net_input)

        controls = minibatch[:, :, node.hp.state_size:]
        true_states = minibatch[:, :, :node.hp.state_size]
        start_states = true_states[:, 0, :]
        predicted_states = integrate_in_parallel(apply_net, start_states, controls, node.stepsize)
        return jnp.mean((predicted_states - true_states) * (predicted_states - true_states))  # MSE

    @jax.jit
    def update(params, opt_state, minibatch):
        grads = jax.grad(loss)(params, minibatch)
        updates, opt_state = node.opt.update(grads, opt_state)
        new_params = optax.apply_updates(params, updates)
        return new_params, opt_state

    for epoch in range(node.hp.num_epochs):
        overall_epoch = start_epoch + epoch * node.hp.train_size
        if epoch % node.hp.loss_recording_frequency == 0:
            # As a side-effect, this function also fills the loss lists
            train_loss = calculate_losses(node, loss, overall_epoch)
            print(epoch, train_loss)
        for mb in yield_minibatches(node.hp, node.train_data):
            node.params, node.opt_state = update(node.params, node.opt_state, mb)
    return epoch


def calculate_losses(node, loss_fn, overall_epoch):
    node.losses['ts'].append(overall_epoch)
    cur_loss = loss_fn(node.params, next(yield_minibatches(node.hp, node.train_data)))
    node.losses['train_loss'].append(cur_loss)
    return cur_loss
