from __future__ import annotations

import libcst as cst

from ..base import Context, Rule, invalid, valid
from ...analysis.keys.model import KeyReuse
from ._common import call_text, fold_in_loop_index, where


class KeyReusedInLoop(Rule):
    """
    ## What it does
    Checks for a PRNG key consumed inside a loop (a `for` or `while` loop, a comprehension, or
    the body of `lax.scan`/`fori_loop`/`while_loop`/`lax.map`/`vmap` reading a key from the
    enclosing scope, or given whole to every element: `jax.vmap(sample, in_axes=(None, 0))(key,
    xs)`, or the function `jax.tree.map` applies to every leaf of a pytree) without being
    advanced: nothing in the loop rebinds it from a `split`. (A key held across calls and never
    advanced, by an object, a class, a closure or a default, is key-parameter-overwritten,
    JAX502: the repetition there is the calls, not a loop.) A
    `scan`/`fori_loop`/`while_loop` body that draws from a key and hands the same key back in
    its carry is the same hazard one iteration later, whether the carry is a tuple, a dict
    display, a NamedTuple or dataclass built around the key (`LoopState(x, state.key)`) or a
    copy that replaces other fields (`state._replace(x=x)`, `dataclasses.replace(state, x=x)`:
    measured on jax 0.10.2, all iterations draw equal numbers, bench/measure_pytree_carry_keys.py),
    and so is one that hands the carried key
    to a callable the analysis cannot see into (`kernel.kernel(key, x)` of a kernel it is given,
    blackjax-style: every step the same proposal noise). (A body that first splits the key it is
    handed, `key, sub = split(key)`, draws from the new `key` and hands that one back draws new
    numbers each iteration but splits, in the next one, a key it has already drawn from: that
    is key-reused-after-split, JAX504.) A key parameter whose default is a constant key
    (`key=jax.random.PRNGKey(0)`), left out by a call that runs repeatedly, is
    key-parameter-overwritten (JAX502); left out by a call in a body that `vmap` or a lax loop
    repeats, itself or through the functions it calls (a deep ensemble's `jax.vmap(lambda i:
    train_member(x, i))` where `train_member` calls `fit(...)` without its `rng`, case 2104),
    every element or step draws from that one key: reported here, at the default (measured on
    jax 0.10.2: equal rows, bench/measure_default_keys.py). And a key the loop makes again from a seed it never changes (`key = PRNGKey(seed)` in a loop over layers, or
    `PRNGKey(0)` in a loop whose iterations differ in nothing the body reads), reported at the
    constructor: measured on jax 0.10.2, `normal(PRNGKey(seed), (5, 5))` made in each of three
    iterations gives three equal matrices. So is `jax.random.fold_in(key, start_step)` in a loop
    that rebinds neither `key` nor `start_step` (MaxText, case 1344: the same dropout mask on
    every step; `fold_in(key, step)` with the loop's `step` is the fix). A module constant made
    from a written seed (`WORLD_KEY = PRNGKey(0)`) that a function draws from beside the key its
    caller passes is fixed on purpose (Craftax's fixed map, case 1338): calls of it in a loop are
    not reported; a function with no key of its own drawing from it is. So does a function
    called from the body of a lax loop or of a mapping that draws from a key it makes from a
    written seed (coreax's score matching perturbed the inputs with `normal(PRNGKey(0), x.shape)`
    in a helper of its `fori_loop` body: the same noise at every noise level), reported at the
    constructor; a body that writes the seed itself (a dummy key to learn a buffer's structure,
    fixed evaluation levels) chose it in sight and is not reported. So is such a function
    called on every pass of a host loop whose passes run the very same call and keep what it
    returns (`[simulate(image) for _ in range(3)]`, case 1336: every noise realisation the same;
    measured on jax 0.10.2, 3 of 3 equal), or whose loop value reaches only parameters the
    function never lets reach what it computes (`epoch_order(data, epoch)` passing `epoch` on to
    a shuffle that ignores it, case 313: every epoch the same order): a loop over settings the
    function reads, or one handing the call a new key each pass, is not that, nor a timing loop
    that drops the results (`f().block_until_ready()`).

    A key a mapped or lax-looped body makes from a seed it computes only from parameters the
    repetition hands every element alike (`in_axes` None, a `partial`) and names from outside
    the body (`PRNGKey((norm(uniform(key) + t) * 1e8).astype(int))` vmapped over particles with
    `key` and `t` unmapped, hflow's score matching, case 2102) is one key for every element,
    reported at the constructor (measured on jax 0.10.2: equal rows); a seed that reads the
    mapped element, a carry or `lax.axis_index` differs per element.

    A key a mapped or lax-looped body makes from a host clock or host randomness
    (`PRNGKey(int(time.time()))`) is made once, when the body is traced: every element or
    iteration draws the same numbers (diffrax issue 531, case 1438: every path of a vmapped
    SDE solver had the same Brownian motion), reported at the constructor.

    A generator that yields a key on every pass of a loop that never rebinds it
    (`for batch in batches: yield batch, model_key`) hands every item the same key (measured
    on jax 0.10.2, case 605: 3 of 3 later steps draw the first step's noise).

    ## Why is this bad?
    Every iteration consumes the same key, so every iteration draws the same numbers: each epoch
    shuffles minibatches into the same order, each environment step adds the same noise, each
    mapped element gets the same sample. Nothing fails. Measured on jax 0.10.2: a loop of three
    `jax.random.normal(key, ...)` returns three equal arrays, and `jax_debug_key_reuse` raises
    `KeyReuseError` for a typed key.

    ## Example
    ```python
    for epoch in range(num_epochs):
        order = jax.random.permutation(key, num_examples)
        params = train_epoch(params, data[order])
    ```

    ## Use instead
    ```python
    for epoch in range(num_epochs):
        key, shuffle_key = jax.random.split(key)
        order = jax.random.permutation(shuffle_key, num_examples)
        params = train_epoch(params, data[order])
    ```

    Haiku's `model.apply(params, rng, x)` of `hk.transform` splits `rng` for the function's
    `hk.next_rng_key()` (measured with haiku 0.0.17): one `rng` for every batch gives the same
    dropout masks each time. A dummy dropout key given to a flax model told it runs in evaluation
    (`apply(..., rngs={"dropout": key}, train=False)`, `is_training=False`,
    `deterministic=True`; for haiku, the same keywords) is not reported: its `Dropout` layers
    draw nothing then.

    A key bound by `functools.partial` before the mapping (`jax.vmap(partial(add_noise, key))(xs)`,
    or a name bound to such a partial) is given whole to every element too (measured on jax
    0.10.2: 4 of 4 rows equal). A key the mapping hands to a parameter of its function whole
    (`in_axes` None) is reported at the mapping, where the key is chosen and the fix goes (the
    function draws from the key it is given, as it should); one bound by a `partial` among
    other settings is reported where the `partial` binds it (`key=key` of `unroll_fn =
    partial(generate_unroll, ..., key=key)`, QDax's scoring, cases 1144 and 1619: the fix took
    the key out of the partial), one a `partial` binds alone (`jax.vmap(partial(add_noise,
    key))`) at the mapping, and so is one where the module's partials of that function do not
    tell which the mapping applies. A key parameter the call of the mapping leaves to its default (`def
    update(point, key=key)` then `jax.vmap(update)(ensemble)`, case 2101: every member of an
    ensemble Kalman filter got the same perturbation) is not mapped: every element gets that
    default, reported there (measured on jax 0.10.2: equal rows). A key the function reads from
    an enclosing scope is reported where it is drawn.
    The key may reach the draws through a callable the function is given (`play_step_fn(state,
    params, key)` in a `scan` body): a call of a parameter runs the one function of the checked
    code that every call of the function (and every `partial` of it, here or in a module
    importing it) passes there, its own caller's parameter followed back to what its callers
    pass. A call of a
    mapped function consumes what that function consumes (`f = jax.vmap(single)` then
    `f(xs, keys)`), so mapping it again over `keys` unmapped (dynamiqs' batched solver: every
    batch element drew the trajectories of the first) is the same hazard. A key a `partial`
    binds to the body of a lax loop (`fori_loop(0, n, partial(step, key=key), x)`, or a name
    bound to that partial) is the same on every iteration, as a key the body reads from an
    enclosing scope is, and is reported where it is drawn; keys split before the loop and
    indexed with the loop's counter, or folded with it, are not.
    Samplers that select or order rows (`choice`, `permutation`) given one key for every leaf of
    a tree map pick the same rows of every leaf (measured on jax 0.10.2), which keeps the leaves
    aligned: not reported.

    ## Known problems
    A key passed to a library's function inside a loop (`model.apply(..., rngs=key)`) is
    followed only where the library is modelled (flax, haiku, equinox `Dropout` and the `equinox.nn`
    layers whose constructor draws from its `key=`: one key per ensemble member builds identical
    members); functions of the checked project's other modules are followed.

    ## Fix safety
    In a `for` loop over `range(...)` or `enumerate(...)`, the fix replaces the key by
    `jax.random.fold_in(key, i)` with the loop's counter, a distinct key per iteration. It
    changes the numbers drawn, so it is unsafe.

    ## References
    - [JAX sharp bits: random numbers](https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#random-numbers)
    """

    CODE = "JAX503"
    NAME = "key-reused-in-loop"
    MESSAGE = "PRNG key `{key}` is consumed by `{callee}` {repetition} {consequence}"
    SAME_NUMBERS = "without being split: every iteration draws the same numbers"
    SAME_FOR_EVERY_ELEMENT = "without being split: every element draws the same numbers"
    SAME_EACH_ITEM = "without being split: each item hands out the same key, and draws from it repeat"
    FIX_TITLE = "Derive a new key per iteration (`jax.random.fold_in(key, i)` or a split)"

    def check(self, context: Context) -> None:
        remade: set[cst.CSTNode] = set()  # a constructor several repeated bodies reach: reported once
        for reuse in context.facts.keys.reuses:
            if reuse.kind != "loop" or reuse.advanced or reuse.every_call_of is not None:
                continue  # advanced: key-reused-after-split; held across calls: key-parameter-overwritten
            use = reuse.second
            fix = fold_in_loop_index(context, reuse, self.FIX_TITLE)
            if reuse.given_whole_by is not None and reuse.loop is not None and use.function is not None:
                # the mapping hands the key whole to every element: report where the key is chosen,
                # the argument of the `partial` that binds it or the mapping (the body draws from
                # the key it is given, as it should)
                if reuse.bound_at is not None:
                    how = "bound here by a `partial`" if reuse.given_whole_by == "partial" else "left to this default"
                    repetition = f"in every element `{reuse.mapped_by}` maps, {how},"
                else:
                    how = "where a `partial` bound it" if reuse.given_whole_by == "partial" else "given whole to each (`in_axes` None)"
                    repetition = f"in every element `{reuse.mapped_by}` maps here, {how},"
                context.report(
                    self, reuse.bound_at or reuse.loop, key=use.variable, callee=use.function.qualname,
                    repetition=repetition, consequence=self.SAME_FOR_EVERY_ELEMENT,
                )
                continue
            elif reuse.mapped_by is not None:
                repetition = f"in every element `{reuse.mapped_by}` maps in {where(use.function)}"
                if reuse.remade_at is not None:  # made from one seed for every element: where the fix goes
                    if reuse.remade_at in remade:
                        continue
                    remade.add(reuse.remade_at)
                    context.report(
                        self, reuse.remade_at, key=use.variable, callee=use.callee,
                        repetition=f"{repetition}, {self._made(reuse)},", consequence=self.SAME_FOR_EVERY_ELEMENT,
                    )
                    continue
                consequence = self.SAME_FOR_EVERY_ELEMENT
            elif reuse.remade_at is not None:
                # made again from an unchanged seed on each iteration: reported where it is made
                if reuse.remade_at in remade:
                    continue
                remade.add(reuse.remade_at)
                made = self._made(reuse) if reuse.left_out is not None else "made again from the same seed"
                repetition = f"on every iteration of a loop in {where(use.function)}, {made}"
                context.report(
                    self, reuse.remade_at, fix, key=use.variable, callee=use.callee, repetition=repetition,
                    consequence=self.SAME_NUMBERS,
                )
                continue
            else:
                repetition = f"on every iteration of a loop in {where(use.function)}"
                consequence = self.SAME_NUMBERS
            context.report(
                self, use.key, fix, key=use.variable, callee=use.callee, repetition=repetition, consequence=consequence,
            )
        for yielded in context.facts.keys.yielded:
            context.report(
                self, yielded.key, key=yielded.key.value, callee=yielded.function.qualname,
                repetition="as it yields it on every iteration of a loop", consequence=self.SAME_EACH_ITEM,
            )

    @staticmethod
    def _made(reuse: KeyReuse) -> str:
        left_out = reuse.left_out
        if left_out is None:
            return "made from the same seed"
        return f"the default of `{left_out.param}` of {where(left_out.function)}, left out"

    VALID = [
        valid(
            """
            import time
            import jax

            def run(n):
                for _ in range(n):  # a host loop reads the clock on each pass
                    key = jax.random.PRNGKey(time.time_ns())
                    yield jax.random.normal(key, (3,))
            """
        ),
        valid(
            """
            import jax

            def sample_step(env_state, _):
                rng, key_a = jax.random.split(jax.random.PRNGKey(0))  # a dummy key: only shapes matter
                return env_state, jax.random.uniform(key_a, (4,))

            def buffer_structure(env_state, steps):
                return jax.lax.scan(sample_step, env_state, None, length=steps)
            """
        ),
        valid(
            """
            import jax

            def trajectory(h, key):
                return h * jax.random.uniform(key, (8,))

            def trajectories(h, keys):
                run = jax.vmap(trajectory, in_axes=(None, 0))
                return run(h, keys)

            def batch(hs, key, n):
                keys = jax.random.split(key, (hs.shape[0], n))  # one row of keys per element
                return jax.vmap(trajectories)(hs, keys)
            """
        ),
        valid(
            """
            import jax

            def batches_with_keys(batches, key):
                for batch in batches:
                    key, model_key = jax.random.split(key)
                    yield batch, model_key
            """
        ),
        valid(
            """
            import jax

            def pick(genotype, key):
                # the same rows of every leaf: a genotype's parts stay together
                return jax.tree.map(lambda x: jax.random.choice(key, x, shape=(1,)), genotype)
            """
        ),
        valid(
            """
            import flax.linen as nn
            import jax

            class Net(nn.Module):
                @nn.compact
                def __call__(self, x, train: bool):
                    return nn.Dropout(0.5, deterministic=not train)(nn.Dense(8)(x))

            def evaluate(params, batches):
                model = Net()
                rng = jax.random.PRNGKey(0)  # dummy: no dropout in evaluation
                return [model.apply(params, x, rngs={"dropout": rng}, train=False) for x in batches]
            """
        ),
        valid(
            """
            import jax

            def shuffles(key, n, epochs):
                for epoch in range(epochs):
                    key, sub = jax.random.split(key)
                    yield jax.random.permutation(sub, n)
            """
        ),
        valid(
            """
            import jax

            def noises(key, n):
                return [jax.random.normal(k, (3,)) for k in jax.random.split(key, n)]
            """
        ),
        valid(
            """
            import jax
            from jax import lax

            def walk(key, x0, steps):
                def body(carry, _):
                    x, key = carry
                    key, sub = jax.random.split(key)
                    return (x + jax.random.normal(sub), key), x
                return lax.scan(body, (x0, key), None, length=steps)
            """
        ),
        valid(
            """
            import jax

            def noises(key, n):
                return [jax.random.normal(jax.random.fold_in(key, i), (3,)) for i in range(n)]
            """
        ),
        valid(
            """
            import jax

            def test_shapes(key):
                for shape in ((2, 3), (4,), (1, 1, 5)):  # a literal set of configurations
                    x = jax.random.normal(key, shape)
                    assert x.shape == shape
            """
        ),
        valid(
            """
            import jax

            def train_loop(params, key, start_step, steps):
                for step in range(start_step, steps):
                    step_key = jax.random.fold_in(key, step)
                    params = params - jax.random.normal(step_key, params.shape)
                return params
            """
        ),
        valid(
            """
            import jax

            def evaluate_all(models, key, x):
                scores = []
                for model in models:
                    eval_key = jax.random.fold_in(key, 0)  # the same key for every model, on purpose
                    scores.append(model(x + jax.random.normal(eval_key, x.shape)))
                return scores
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import time
            import jax

            def path(y0):
                key = jax.random.PRNGKey(int(time.time()))  # read once, at the trace
                return y0 + jax.random.normal(key, y0.shape)

            def paths(y0s):
                return jax.vmap(path)(y0s)
            """,
            line=5,
            message_contains="in every element `jax.vmap` maps in `path`, made from the same seed",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def fit(x, epochs=2, rng=jax.random.PRNGKey(0)):
                return x + jax.random.normal(rng, x.shape)

            def member(x, i):
                return fit(x, epochs=3)  # the key left to its default

            def ensemble(x):
                return jax.vmap(lambda i: member(x, i))(jnp.arange(3))
            """,
            line=4,
            message_contains="the default of `rng` of `fit`, left out",
        ),
        invalid(
            """
            from functools import partial
            import jax

            def perturb(x):
                return x + jax.random.normal(jax.random.PRNGKey(0), x.shape)

            def level(i, total, x, sigmas):
                return total + sigmas[i] * perturb(x).sum()

            def objective(x, sigmas):
                body = partial(level, x=x, sigmas=sigmas)
                return jax.lax.fori_loop(0, sigmas.shape[0], body, 0.0)
            """,
            line=5,
            message_contains="made again from the same seed",
        ),
        invalid(
            """
            import jax

            def batches_with_keys(batches, key):
                data_key, model_key = jax.random.split(key)
                for batch in batches:
                    yield batch, model_key  # the same key for every batch
            """,
            line=6,
            message_contains="each item hands out the same key",
        ),
        invalid(
            """
            from functools import partial
            import jax
            def add_noise(key, image):
                return image + jax.random.normal(key, image.shape)
            @jax.jit
            def augment(key, images):
                noisy = partial(add_noise, key)
                return jax.vmap(noisy)(images)
            """,
            line=8,
            message_contains="where a `partial` bound it",
        ),
        invalid(
            """
            import jax

            def perturb(params, key, sigma):
                return jax.tree_util.tree_map(lambda p: p + sigma * jax.random.normal(key, p.shape), params)
            """,
            line=4,
            message_contains="in every element `jax.tree_util.tree_map` maps",
        ),
        invalid(
            """
            import haiku as hk
            import jax

            def forward(x):
                return hk.dropout(hk.next_rng_key(), 0.5, x)

            model = hk.transform(forward)

            def augment(params, batches):
                rng = jax.random.PRNGKey(0)
                return [model.apply(params, rng, x) for x in batches]
            """,
            line=11,
            message_contains="consumed by `model.apply` on every iteration",
        ),
        invalid(
            """
            import jax

            def sample(key, mu):
                return mu + jax.random.normal(key)

            def batch(key, mus):
                # `in_axes=None` hands the one key to every element
                return jax.vmap(sample, in_axes=(None, 0))(key, mus)
            """,
            line=8,
            message_contains="in every element `jax.vmap` maps here, given whole to each (`in_axes` None)",
        ),
        invalid(
            """
            import jax

            def trajectory(h, key):
                return h * jax.random.uniform(key, (8,))

            def trajectories(h, keys):
                run = jax.vmap(trajectory, in_axes=(None, 0))
                return run(h, keys)

            def batch(hs, keys):
                # every element of the batch runs the same trajectory keys
                return jax.vmap(trajectories, in_axes=(0, None))(hs, keys)
            """,
            line=12,
            message_contains="consumed by `trajectories` in every element `jax.vmap` maps here",
        ),
        invalid(
            """
            import jax
            from jax import lax

            def walk(key, x0, steps):
                def body(carry, _):
                    x, key = carry
                    x = x + jax.random.normal(key)
                    return (x, key), x  # the consumed key goes around again
                return lax.scan(body, (x0, key), None, length=steps)
            """,
            line=7,
            message_contains="`walk.body` without being split",
        ),
        invalid(
            """
            import jax

            def train(params, data, key, num_epochs):
                for epoch in range(num_epochs):
                    order = jax.random.permutation(key, data.shape[0])
                    params = params - data[order].mean()
                return params
            """,
            line=5,
            message_contains="`jax.random.permutation`",
        ),
        invalid(
            """
            import jax.random as jr

            def noises(key, n):
                return [jr.normal(key, (3,)) for _ in range(n)]
            """,
            line=4,
        ),
        invalid(
            """
            import jax
            from jax import lax

            def walk(key, x0, steps):
                def body(x, _):
                    x = x + jax.random.normal(key)
                    return x, x
                return lax.scan(body, x0, None, length=steps)
            """,
            line=6,
            message_contains="`walk.body`",
        ),
        invalid(
            """
            import jax

            @jax.jit
            def rollout(state, key):
                noise = 0.0
                i = 0
                while i < 3:
                    noise = noise + jax.random.normal(key)
                    i += 1
                return state + noise
            """,
            line=8,
        ),
        invalid(
            """
            import jax

            def train_loop(params, key, start_step, steps):
                for step in range(start_step, steps):
                    step_key = jax.random.fold_in(key, start_step)
                    params = params - jax.random.normal(step_key, params.shape)
                return params
            """,
            line=5,
            message_contains="made again",
        ),
    ]
