"""JAX5xx on real jax (CPU): each bad example draws repeated or correlated numbers, each good one
does not; then the JAX behaviour the key rules rely on (what `jax_debug_key_reuse` counts as
consuming a key, and what it misses)."""

from __future__ import annotations

import pytest

from .conftest import load_example

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")


def _same(a, b) -> bool:
    return bool(jnp.array_equal(a, b))


@pytest.mark.parametrize(("kind", "determined"), [("bad", True), ("good", False)])
def test_jax501_mask_is_a_function_of_the_noise(kind, determined):
    example = load_example(f"prng/jax501_key_reused_{kind}.py")
    _, noise, keep = example.noisy_dropout(jnp.ones(1000), jax.random.PRNGKey(0))
    assert _same(keep, noise < 0) is determined


def test_jax501_bad_raises_under_key_reuse_checking():
    example = load_example("prng/jax501_key_reused_bad.py")
    with jax.debug_key_reuse(True), pytest.raises(jax.errors.KeyReuseError):
        example.noisy_dropout(jnp.ones(4), jax.random.key(0))
    good = load_example("prng/jax501_key_reused_good.py")
    with jax.debug_key_reuse(True):
        good.noisy_dropout(jnp.ones(4), jax.random.key(0))


@pytest.mark.parametrize(("kind", "same"), [("bad", True), ("good", False)])
def test_jax502_two_keys_give_the_same_agent(kind, same):
    example = load_example(f"prng/jax502_key_parameter_overwritten_{kind}.py")
    first = example.init_agent(8, jax.random.PRNGKey(1))
    second = example.init_agent(8, jax.random.PRNGKey(2))
    assert _same(first, second) is same


@pytest.mark.parametrize(("kind", "same"), [("bad", True), ("good", False)])
def test_jax503_every_epoch_has_the_same_order(kind, same):
    example = load_example(f"prng/jax503_key_reused_in_loop_{kind}.py")
    orders = example.epoch_orders(jax.random.PRNGKey(0), 50, 3)
    assert all(_same(orders[0], o) for o in orders[1:]) is same


@pytest.mark.parametrize(("kind", "same"), [("bad", True), ("good", False)])
def test_jax504_actor_and_critic_get_the_same_keys(kind, same):
    example = load_example(f"prng/jax504_key_reused_after_split_{kind}.py")
    actor, critic = example.init_keys(jax.random.PRNGKey(0))
    assert _same(actor, critic) is same


@pytest.mark.parametrize(("kind", "same"), [("bad", True), ("good", False)])
def test_jax505_every_epoch_has_the_same_order(kind, same):
    example = load_example(f"prng/jax505_key_returned_unadvanced_{kind}.py")
    orders = example.train(jax.random.PRNGKey(0), 50, 3)
    assert all(_same(orders[0], o) for o in orders[1:]) is same


# -- the JAX facts the rules rely on ----------------------------------------------------------


def test_split_consumes_and_fold_in_does_not():
    with jax.debug_key_reuse(True):
        key = jax.random.key(0)
        jax.random.normal(jax.random.fold_in(key, 0))
        jax.random.normal(jax.random.fold_in(key, 1))  # fold_in consumes nothing
        jax.random.split(key)
        with pytest.raises(jax.errors.KeyReuseError):
            jax.random.normal(key)  # split did


def test_key_reuse_checking_ignores_legacy_keys():
    with jax.debug_key_reuse(True):
        key = jax.random.PRNGKey(0)
        first = jax.random.normal(key, (3,))
        second = jax.random.normal(key, (3,))  # no error: only typed keys are tracked
    assert _same(first, second)


def test_splitting_a_drawn_key_is_reuse():
    with jax.debug_key_reuse(True), pytest.raises(jax.errors.KeyReuseError):
        typed = jax.random.key(0)
        jax.random.bits(typed)
        jax.random.split(typed)


def test_flax_derives_keys_by_fold_in():
    """A draw from the key given to a linen `init` or `apply(rngs=...)` is no reuse (jax's check
    accepts it, and the bits differ); the same dropout key given to two `apply` calls gives the
    same masks, and jax's check misses it."""
    nn = pytest.importorskip("flax.linen")

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x, train: bool = False):
            return nn.Dropout(0.5, deterministic=not train)(nn.Dense(64)(x))

    model, x = Net(), jnp.ones((2, 3))
    with jax.debug_key_reuse(True):
        key = jax.random.key(0)
        params = model.init(key, x)
        jax.random.normal(key, (3,))
        dropout_key = jax.random.key(1)
        first = model.apply(params, x, train=True, rngs={"dropout": dropout_key})
        jax.random.uniform(dropout_key, (3,))
        second = model.apply(params, x, train=True, rngs={"dropout": dropout_key})
    assert _same(first, second)
    kernel = params["params"]["Dense_0"]["kernel"].ravel()
    assert not bool(jnp.isin(kernel, jax.random.normal(key, (4096,))).any())


def test_haiku_apply_splits_its_key():
    """haiku's `apply(params, rng, x)` splits `rng` for `hk.next_rng_key()`: the same `rng` twice
    gives the same dropout masks, and jax's check rejects a draw from `rng` after it."""
    hk = pytest.importorskip("haiku")

    def forward(x):
        return hk.dropout(hk.next_rng_key(), 0.5, x)

    model = hk.transform(forward)
    x = jnp.ones(64)
    params = model.init(jax.random.PRNGKey(1), x)
    rng = jax.random.PRNGKey(0)
    assert _same(model.apply(params, rng, x), model.apply(params, rng, x))
    with jax.debug_key_reuse(True), pytest.raises(jax.errors.KeyReuseError):
        key = jax.random.key(0)
        model.apply(params, key, x)
        jax.random.normal(key, (3,))
