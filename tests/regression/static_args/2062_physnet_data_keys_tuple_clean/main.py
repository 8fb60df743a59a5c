"""PhysNet-style training in JAX for molecular energies and forces. Batches are built each epoch
by `_prepare_batches = jax.jit(prepare_batches_jit, static_argnames=("batch_size", "num_atoms",
"data_keys"))`. The list of data keys is a static argument, and `train_model` takes it as a
parameter that callers may pass as a list, but its first line is `data_keys = tuple(data_keys)`:
the static argument is a hashable tuple of strings, identical on every epoch, and batch_size and
num_atoms are fixed ints, so the batch builder compiles once and is reused with each epoch's new
shuffle key.

Source: https://github.com/EricBoittier/JaxPycharmm/blob/3d17f7c4a3b63e080c8e72db70cabe34ace93f67/physnetjax/training/training.py#L87
Observed on jax 0.10.x: prepare_batches_jit compiled 1 times
"""
import jax
import jax.numpy as jnp

from batches import _prepare_batches


def train_model(key, train_data, num_epochs=1, batch_size=2, num_atoms=4,
                data_keys=("R", "Z", "F", "E", "dst_idx", "src_idx", "batch_segments")):
    """Train a model."""
    data_keys = tuple(data_keys)
    params = jnp.zeros((3,))
    for epoch in range(1, num_epochs + 1):
        key, shuffle_key = jax.random.split(key)
        train_batches = _prepare_batches(shuffle_key,
                                         data=train_data,
                                         batch_size=batch_size,
                                         num_atoms=num_atoms,
                                         data_keys=data_keys)
        for i, batch in enumerate(train_batches):
            pred = jnp.sum(batch["R"] * params)
            params = params - 0.01 * (pred - jnp.sum(batch["E"])) * jnp.sum(batch["R"], axis=0)
    return params


def run():
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    n_mol, num_atoms = 6, 4
    train_data = {
        "R": jax.random.normal(k1, (n_mol, num_atoms, 3)),
        "F": jax.random.normal(k2, (n_mol, num_atoms, 3)),
        "Z": jnp.ones((n_mol, num_atoms), dtype=jnp.int32),
        "N": jnp.full((n_mol,), num_atoms),
        "E": jax.random.normal(k3, (n_mol,)),
    }
    train_model(jax.random.PRNGKey(1), train_data, num_epochs=3, batch_size=2, num_atoms=num_atoms,
                data_keys=["R", "Z", "F", "E"])
    return 0
