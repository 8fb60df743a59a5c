from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from ..recompilation._hoist import NameSupply
from ._common import call_text, split_before_first_use, where


class KeyReused(Rule):
    """
    ## What it does
    Checks for a PRNG key consumed twice without a `jax.random.split` or `fold_in` in between:
    two draws from one key, a draw and then a `split` of it, or a draw on a path where an earlier
    branch already drew from it. The operands of `lax.select` and `jnp.where` are alternatives,
    as branches are: each element of the result comes from one of them. A draw made as the
    example input of an initialisation (`model.init(key, jax.random.normal(key, shape))`, an
    `init_fn` of `hk.transform`) uses no bits that matter: only its shape is read. One key
    permuting two different arrays (`permutation(key, images)`, `permutation(key, labels)`, or
    `[permutation(key, a) for a in arrays]`) keeps them aligned, which is why it is given twice:
    that is not reported, nor is it through a helper that consumes the key (given to it, or
    captured from an enclosing scope) only to move the rows of its argument (`def
    convert_data(x): return permutation(subkey, x)` called on the observations and the actions,
    `x[permutation(key, len(x))]`, an unweighted `choice` of one shape with or without
    replacement — a paired bootstrap —, or `jax.tree_map(convert_data, storage)`): measured on
    jax 0.10.2, one key moves the rows of arrays of one length alike. A
    key such a helper permutes with and that also draws numbers, a helper given the same array
    twice, or one that permutes something other than its argument, is still reported; so is a
    tree map of a helper that draws from a captured key, followed by another draw from it.
    Works on legacy
    `jax.random.PRNGKey` keys and typed `jax.random.key` keys alike, in any code (jitted or
    not), through same-module functions that consume a key parameter, and through the bodies of
    `lax.cond`, `switch`, `scan`, `fori_loop` and `while_loop`: a key operand, or a key in a carry
    tuple or dict, that a body consumes is consumed by the call (measured on jax 0.10.2: a key
    drawn in the branch that runs and again after the `cond` gives the same numbers), a body
    given as a `partial` (`scan(partial(step, x=x), (key, z), xs)`) included.

    A call that passes a constant leading a test of the callee the other way (`if argmax:
    actions = mean` / `else: ... normal(seed, ...)`, `if deterministic: return mean` before the
    draw) draws nothing from the key it passes, so `sample_actions(..., seed=key, argmax=True)`
    after a draw from `key` is not reported; `jax.make_jaxpr(f)(key, x)` and `jax.eval_shape(f,
    key, x)` only trace `f` and draw nothing either (measured on jax 0.10.2: no `KeyReuseError`,
    bench/measure_branch_selected_keys.py, bench/measure_abstract_evaluation_keys.py).

    ## Why is this bad?
    A key is a value, not a stateful generator: `jax.random.normal(key, ...)` returns the same
    numbers every time it gets the same key, and samplers of different distributions fed one key
    draw from the same bits, so the "independent" noises are correlated. Nothing fails: the
    model silently trains on wrong randomness. JAX's own check (`jax_debug_key_reuse`, measured on
    jax 0.10.2) raises `KeyReuseError` here, but only for typed keys and only when switched on.

    ## Example
    ```python
    def noisy(params, key):
        noise = jax.random.normal(key, params.shape)
        mask = jax.random.bernoulli(key, 0.5, params.shape)  # same bits as `noise`
        return params + noise * mask
    ```

    ## Use instead
    ```python
    def noisy(params, key):
        noise_key, mask_key = jax.random.split(key)
        noise = jax.random.normal(noise_key, params.shape)
        mask = jax.random.bernoulli(mask_key, 0.5, params.shape)
        return params + noise * mask
    ```

    Keys held in the fields of objects are followed through the methods and functions of
    the module: a method that draws from `self.rng` consumes the caller's `model.rng`, and one
    that rebinds `self.rng` (`self.rng, sub = split(self.rng)`) leaves it a new key.
    A jitted function is handed its arguments' leaves and rebuilds the objects from tracers, so
    what it rebinds in their fields never reaches the caller: `draw(w)` jitted, drawing with
    `next(w)` (which runs `w.__next__()`, splitting `self.key`), leaves the caller's `w.key` as it
    was, and a second `draw(w)` draws the same numbers (measured on jax 0.10.2,
    bench/measure_jitted_field_rebinding.py). A method called on an item of a container field
    (`state.samplers["prior"].sample(key)`, every assignment of `samplers` a display building the
    item) is followed like one called on a field. A key a
    constructor or a setter stores unchanged (`s = PRNGSequence(k)` running `self._key = key`)
    is the caller's key in the object: `s.take(10)` splitting `self._key` consumes `k`, and a
    later `split(k)` gives those keys again (measured on jax 0.10.2). A function
    that lets such a method advance an object's key (`schedule.explore()`) and then draws from
    the key left in the object (`randint(schedule.key, ...)`) without advancing it again leaves
    a spent key there: the method's next split consumes it a second time (measured on jax
    0.10.2 with typed keys: `jax_debug_key_reuse` raises `KeyReuseError` in `random_split` on
    the next call). No fix is offered for it. The parameter's class must be known: annotated
    (`schedule: Schedule`) or told by the module's callers (`s = Schedule(key)`, then `act(s)`); an
    unannotated `schedule` that no caller tells is not taken for a `Schedule` by its name.

    One key given on purpose to two computations whose results are then asserted equal
    (`a = f(key, x)`, `b = g(key, x)`, `assert_allclose(a, b)` or `assert a == b`: a test that
    two implementations agree) is not reported: the assertion needs the same bits. Results
    compared outside an assertion (`same = jnp.all(a == b)`) are: that may be the reuse showing.

    A function of the checked code that only splits a key parameter and returns the new keys
    (`key, *eval_keys = split(key, n + 1)` ... `return evaluator, eval_keys`, the keys maybe
    stacked or reshaped on the way) splits it for its caller: when the caller never reads the
    keys it got (rebinds them before any use), the call drew nothing, and splitting the same key
    again afterwards is not reported, as a `split` whose keys are never read is not (JAX's
    key-reuse check still rejects it; no random bits are seen twice: see
    bench/key_split_for_caller.py).

    A call in a block the test expects to raise (`with pytest.raises(E):`, `with
    self.assertRaises(E):`) returns nothing, so the key it is given is neither consumed nor
    reused there: an error-path check given the test's key again is not reported.

    Flax linen's `model.init(key, x)` and `apply(..., rngs={"dropout": key})` derive their keys
    from `key` by `fold_in`: a draw from `key` itself shares no bits with them (jax's own check
    accepts it; measured with flax 0.12.8), so only a second derivation from the same key (one
    dropout key given to two `apply` calls: the same masks) is reported.

    A callable of the checked code that the analysis cannot see into (one held in a field,
    `self._kernel_initializer(shape, rng)`; a parameter; a name unpacked from a call, `init,
    apply = transform(f)`) draws from a key it is handed, as every initializer, `sample` and
    `apply` does (measured on jax 0.10.2: `jax.nn.initializers.normal` kernel and bias from one
    key are the same numbers rescaled, 16 of 16 seeds). So one key handed to two of them is
    reported, unless the name of the callee says it keeps or hands on keys (`split_key`,
    `buffer.add`, `logger.info`, `jitted.lower`), the callee is a library's layer (its use of a
    key is the library's), both are the same callable or method (`env.reset(key)` again for
    the same state; `grad_fn(old_params, batch, key)` and `grad_fn(params, batch, key)`, a
    difference that wants the same randomness on both sides; `a.sample(key)` and
    `b.sample(key)`, compared), or the second is an initialisation (`init`) or the first only feeds one (`obs =
    env.reset(key)` then `net.init(key, obs)`: only shapes are read). Such a key counts as
    consumed only where it is handed over, not at the calls of the function that hands it on;
    given to one callable on every pass of a loop, it is reported where every pass makes the same
    call (`[kernel_init(key, shape) for _ in range(n)]`: n equal kernels), not where the passes
    differ (models compared on one key, a model retrained between evaluations).

    In test code (`test-paths`) the key rules' findings are `info` by default (`JAX5` in
    `info-in-tests`). With `info-in-tests = ["JAX4", "spent-key-split"]` they are errors there
    too, except a split of a key already drawn from: its new keys share no bits with the draw,
    so no test data is correlated, though JAX's key-reuse check rejects it.

    ## Known problems
    Keys passed to functions of libraries are not followed (those of the checked project's other
    modules are, when the project view reads them), except the flax linen ones
    (`model.init(key, x)` of a linen module, `apply(..., rngs={"dropout": key})`) and haiku's
    `apply(params, rng, x)` of a `hk.transform` bound in the module. Indexing a
    split array with a computed index (`keys[i]`) is taken as a fresh key. A call of a method
    whose body only raises `NotImplementedError` runs the override of the one subclass
    the checked code defines (in its module or one importing it); with several, none is followed.

    ## Fix safety
    The fix inserts `key, subkey = jax.random.split(key)` before the first use, which then draws
    from `subkey`; the later use gets the new `key`. It changes the numbers drawn (that is the
    point), so it is unsafe. It is offered when the key is a plain name and both uses sit in the
    same loop level of one function.

    ## References
    - [JAX sharp bits: random numbers](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#random-numbers)
    - [`jax.experimental.key_reuse`](https://docs.jax.dev/en/latest/jax.experimental.key_reuse.html)
    """

    CODE = "JAX501"
    NAME = "key-reused"
    MESSAGE = "PRNG key `{key}` in {function} {happens}: {consequence}"
    FIX_TITLE = "Split the key before its first use"
    TEST_IDIOMS = {
        "spent-key-split": "a split after a draw makes keys that share no bits with it; see `info-in-tests`",
    }

    def check(self, context: Context) -> None:
        supply = NameSupply(context.facts.module)
        for reuse in context.facts.keys.reuses:
            if reuse.kind != "again":
                continue
            use = reuse.second
            if reuse.advanced_by is not None:
                context.report(
                    self, use.key, key=use.variable, function=where(use.function),
                    happens=f"is consumed by `{use.callee}` and left in the object",
                    consequence=f"{where(reuse.advanced_by)} splits that spent key again for the object's next key",
                )
                continue
            test_idiom = None
            if use.kind == "split":
                # Measured on jax 0.10.2: the keys `split` makes are not the bits a draw took,
                # but a spent key is spent (JAX's key-reuse check raises on it).
                consequence = f"`{use.callee}` makes new keys from a spent key, which JAX's key-reuse check rejects"
                # After a draw (not after a function that may split the key itself: the same
                # keys again), no bits in common: 0 of the 4 words of `split(PRNGKey(0))` are
                # among 1,000 words `bits(PRNGKey(0), (1000,))` draws.
                test_idiom = "spent-key-split" if reuse.first.kind == "draw" else None
            else:
                consequence = f"`{use.callee}` gets the same random bits again"
            context.report(
                self, use.key, split_before_first_use(context, reuse, supply, self.FIX_TITLE), test_idiom=test_idiom,
                key=use.variable, function=where(use.function),
                happens=f"was already consumed by `{call_text(context, reuse.first.call)}`", consequence=consequence,
            )

    VALID = [
        valid(
            """
            import jax

            def create_train_state(env, network, rng):
                obs, env_state = env.reset(rng)
                params = network.init(rng, obs)  # derives its keys, reads only `obs`'s shape
                return params, env.reset(rng)  # the same state again, on purpose
            """
        ),
        valid(
            """
            import jax
            import pytest

            def sample(key, n):
                if n < 0:
                    raise ValueError("n must be >= 0")
                return jax.random.normal(key, (n,))

            def test_sample():
                key = jax.random.key(0)
                assert sample(key, 3).shape == (3,)
                with pytest.raises(ValueError):
                    sample(key, -1)
            """
        ),
        valid(
            """
            import flax.linen as nn
            import jax

            class Net(nn.Module):
                @nn.compact
                def __call__(self, x):
                    return nn.Dense(8)(x)

            def smoke_test():
                key = jax.random.PRNGKey(0)
                model = Net()
                params = model.init(key, jax.numpy.ones((2, 3)))
                x = jax.random.uniform(key, (2, 3))  # no bits in common with the derived keys
                return model.apply(params, x)
            """
        ),
        valid(
            """
            import jax
            import numpy as np

            def reference_noise(key, shape):
                return jax.random.normal(key, shape)

            def test_noise_matches_the_reference():
                key = jax.random.key(0)
                noise = jax.random.normal(key, (3,))
                expected = reference_noise(key, (3,))
                np.testing.assert_allclose(noise, expected)  # the same bits on purpose
            """
        ),
        valid(
            """
            import jax

            def masks_agree(key, shape):
                mask = jax.random.bernoulli(key, 0.5, shape)
                again = jax.random.bernoulli(key, 0.5, shape)
                assert (mask == again).all()  # the draw is a function of the key
            """
        ),
        valid(
            """
            import jax

            def shuffle(key, images, labels):
                # One key, one order: the pairs stay aligned.
                return jax.random.permutation(key, images), jax.random.permutation(key, labels)
            """
        ),
        valid(
            """
            import haiku as hk
            import jax

            def forward(x):
                return hk.Linear(2)(x)

            def init(key):
                # The example input's values do not reach the parameters: only its shape does.
                init_fn = hk.transform(forward).init
                return init_fn(key, jax.random.uniform(key, (3, 4)))
            """
        ),
        valid(
            """
            import flax.linen as nn
            import jax

            class QNetwork(nn.Module):
                @nn.compact
                def __call__(self, x):
                    return nn.Dense(2)(x)

            def setup(obs):
                q_key = jax.random.PRNGKey(0)
                q_network = QNetwork()
                params = q_network.init(q_key, obs)
                target_params = q_network.init(q_key, obs)  # the same call: a copy on purpose
                return params, target_params
            """
        ),
        valid(
            """
            import jax

            def sample(key, shape):
                noise_key, mask_key = jax.random.split(key)
                noise = jax.random.normal(noise_key, shape)
                return noise * jax.random.bernoulli(mask_key, 0.5, shape)
            """
        ),
        valid(
            """
            import jax.random as jr

            def sample(key, training):
                if training:
                    return jr.normal(key, (3,))
                return jr.uniform(key, (3,))  # the other branch: only one draw runs
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def pick(key, mask, p, q):
                # Both operands are computed, but each element comes from one of them.
                return jax.lax.select(
                    mask.any(), jax.random.choice(key, 4, (), p=p), jax.random.choice(key, 4, (), p=q)
                )

            def mix(key, mask):
                return jnp.where(mask, jax.random.uniform(key, (4,)), jax.random.normal(key, (4,)))
            """
        ),
        valid(
            """
            from jax import random

            def sample(key):
                keys = random.split(key, 3)
                return random.normal(keys[0]) + random.normal(keys[1]) + random.normal(keys[2])
            """
        ),
        valid(
            """
            import jax

            def sample(key):
                a = jax.random.normal(jax.random.fold_in(key, 0))
                b = jax.random.normal(jax.random.fold_in(key, 1))  # fold_in consumes nothing
                return a + b
            """
        ),
        valid(
            """
            import numpy as np

            def sample(rng):
                return rng.normal(size=3) + rng.normal(size=3)  # a stateful NumPy generator
            """
        ),
        valid(
            """
            from flax import nnx

            class Block(nnx.Module):
                def __init__(self, rngs: nnx.Rngs):
                    self.a = nnx.Linear(2, 2, rngs=rngs)  # a stateful stream, meant to be shared
                    self.b = nnx.Linear(2, 2, rngs=rngs)
            """
        ),
        valid(
            """
            import jax

            def init_layer(key, n):
                w_key, b_key = jax.random.split(key)  # the callee splits the key it is given
                return jax.random.normal(w_key, (n, n)), jax.random.normal(b_key, (n,))

            def init(key):
                first_key, second_key = jax.random.split(key)
                return init_layer(first_key, 4), init_layer(second_key, 4)
            """
        ),
        valid(
            """
            import jax

            class Sampler:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)

                def noise(self, shape):
                    self.key, sub = jax.random.split(self.key)  # the field moves on each call
                    return jax.random.normal(sub, shape)

                def pair(self):
                    return self.noise((3,)), self.noise((3,))
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            from jax import lax

            @jax.jit
            def sample(pred, key):
                a = lax.cond(pred, lambda k: jax.random.normal(k, (3,)), lambda k: jax.random.uniform(k, (3,)), key)
                return a + jax.random.normal(key, (3,))  # the branch that ran drew from it
            """,
            line=7,
            message_contains="was already consumed by `lax.cond(",
        ),
        invalid(
            """
            class Conv:
                def __init__(self, kernel_initializer, bias_initializer):
                    self._kernel_initializer = kernel_initializer
                    self._bias_initializer = bias_initializer

                def new_weights(self, shape, rng):
                    w = self._kernel_initializer(shape, rng)
                    b = self._bias_initializer(shape[-1:], rng)  # the same bits, rescaled
                    return w, b
            """,
            line=8,
            message_contains="`self._bias_initializer` gets the same random bits again",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def simulate(key, alpha):
                return jax.random.beta(key, alpha, 1.0)

            def cell():
                key = jax.random.key(0)
                key, subkey = jax.random.split(key)
                trace = simulate(key, 1.0)
                jitted_trace = jax.jit(simulate)(key, 1.0)  # meant `subkey`
                return jnp.all(trace == jitted_trace)  # computed, not asserted
            """,
            line=11,
            message_contains="gets the same random bits again",
        ),
        invalid(
            """
            import jax
            import numpy as np

            def test_dice_loss(dice_loss):
                key = jax.random.key(0)
                preds = jax.random.normal(key, (2, 8))
                targets = jax.random.bernoulli(key, 0.5, (2, 8))  # thresholded `preds`, not new data
                np.testing.assert_allclose(dice_loss(preds, targets), 0.5)
            """,
            line=7,
            message_contains="`jax.random.bernoulli` gets the same random bits again",
        ),
        invalid(
            """
            import jax

            class Model:
                def __init__(self, seed):
                    self.key = jax.random.PRNGKey(seed)

                def intercept(self):
                    return jax.random.normal(self.key, ())

                def slope(self):
                    return jax.random.normal(self.key, ())

                def simulate(self, x):
                    return self.intercept() + self.slope() * x  # both draw from `self.key`
            """,
            line=14,
            message_contains="`self.key`",
        ),
        invalid(
            """
            import jax

            def two_orders(key, data):
                first = jax.random.permutation(key, data)
                second = jax.random.permutation(key, data)  # the same order again
                return first, second
            """,
            line=5,
            message_contains="`jax.random.permutation` gets the same random bits again",
        ),
        invalid(
            """
            import jax

            def noisy_pair(data_key, noise_key):
                return jax.random.normal(data_key, (3,)), jax.random.normal(noise_key, (3,))

            def sample(seed):
                key = jax.random.PRNGKey(seed)
                return noisy_pair(key, key)  # one call, one key twice: the two draws are equal
            """,
            line=8,
            message_contains="`noisy_pair` gets the same random bits again",
        ),
        invalid(
            """
            import flax.linen as nn
            import jax

            class Net(nn.Module):
                @nn.compact
                def __call__(self, x, train: bool):
                    return nn.Dropout(0.5, deterministic=not train)(nn.Dense(8)(x))

            def setup(x):
                key = jax.random.PRNGKey(0)
                model = Net()
                params = model.init(key, x, train=False)
                return model.apply(params, x, train=True, rngs={"dropout": key})
            """,
            line=13,
            message_contains="already consumed by `model.init(key, x, train=False)`",
        ),
        invalid(
            """
            import jax

            def noisy(params, key):
                noise = jax.random.normal(key, params.shape)
                mask = jax.random.bernoulli(key, 0.5, params.shape)
                return params + noise * mask
            """,
            line=5,
            message_contains="`key`",
        ),
        invalid(
            """
            from jax import random

            key = random.key(0)
            x = random.uniform(key, (3,))
            k1, k2 = random.split(key)
            """,
            line=5,
            message_contains="module-level code",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def dropout(x, rng, rate, training):
                if training:
                    x = x * jax.random.bernoulli(rng, 1 - rate, x.shape)
                return x + 0.1 * jax.random.normal(rng, x.shape)
            """,
            line=8,
        ),
        invalid(
            """
            import jax

            def init_layer(key, n):
                w_key, b_key = jax.random.split(key)
                return jax.random.normal(w_key, (n, n)), jax.random.normal(b_key, (n,))

            def init(key):
                first = init_layer(key, 4)
                second = init_layer(key, 4)  # the same weights twice
                return first, second
            """,
            line=9,
            message_contains="init_layer",
        ),
    ]
