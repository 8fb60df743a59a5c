from __future__ import annotations

from ..base import Context, Rule, invalid, valid


class ShapeVariesInLoop(Rule):
    """
    ## What it does
    Checks for a jitted callable called in a loop with an argument whose shape depends on the
    loop variable: a slice with one bound on it (`x[:i]`, `x[i:]`), an array constructor sized
    by it (`jnp.arange(i)`, `jnp.zeros(i)`, `jnp.ones((i, d))`), an array grown in the loop
    (`x = jnp.concatenate([x, y])`) or a Python list appended to in the loop (its length is
    part of the pytree structure; not one the loop binds afresh on each iteration and fills by
    a fixed number of appends, `storage = []` then `for _ in range(num_steps): storage.append(t)`,
    the same length at every call), a boolean mask of per-iteration data (`row[row != pad]`),
    arithmetic on one of these, or a name bound to one; and the ragged last batch of a window
    the loop moves by its own length until it covers a length `n`:
    `for start in range(0, n, size): step(data[start:start + size])`,
    `for b in range(math.ceil(n / size)): step(data[b * size:(b + 1) * size])`, `(n + size - 1)
    // size` batches, an offset stepped once per pass (`processed += size`, in a `for` or a
    `while processed < n`), shorter unless `size` divides `n` (also clamped,
    `data[start:min(start + size, stop)]`, and cut leaf by leaf, `jax.tree.map(lambda a:
    a[i:i + size], rays)`); not where `size` visibly divides `n` (numbers, also those every
    caller's run gives the names, `n // size * size`, `n - n % size`) or the loop drops the
    remainder (`range(n // size)`). Also when a generator of
    the checked code yields those slices (alone, in a tuple, a dict, a dict comprehension, or
    a method's `yield {"image": x[st:st + size]}`) and the
    loop passes them on, directly, converted (`jnp.asarray(batch)`), as the rows they index
    (`features[idx]` for a yielded `idx`) or through a helper of the checked code
    (`step(shard(batch))`), or of `for batch in np.array_split(data, k)`. Calls through `jax.grad` and
    `jax.value_and_grad` count: they pass their arguments to the jitted function as they are;
    so do calls of a jit that a factory of the checked code returned (`loss_fn =
    get_cross_entropy_loss(model)`, whose body returns `jit(cross_entropy_loss)`).
    A loop over arrays whose different shapes the checked code shows one by one (a list built
    as `[rng.uniform(size=(n, 3)) for n in (5, 6, 7)]` and handed to the looping function), or
    over strings or lists of different known lengths (the prompts a caller serves), is
    followed item by item, through helpers of other modules too: an argument whose shape
    follows the item (each structure padded to its own size, `np.zeros((len(x) + 1, 3))`, the
    token ids of each prompt, `jnp.array([VOCAB[w] for w in prompt.split()])`) is reported;
    one padded to a bucket (`(len(x) + 8) // 8 * 8`) is not. So is a loop or comprehension over
    a handful of known numbers or tuples of them (`for n_active in [9, 12, 7, 15]`, the
    `(f_min, f_max, n_bins)` of each band) whose items size an argument
    (`jax.random.uniform(key, (n, d))`, `jnp.arange(n)`, `jnp.geomspace(f_min, f_max, n_bins)`,
    `jnp.concatenate` of pieces sized by the item), also when the jitted call is in a helper
    the loop calls, in a loop of the helper's own (`iterate(data)` stepping `step(data)`
    `n_layers` times for each dimension of a benchmark sweep). So is a jitted call in a helper (outside any loop of its own) whose
    argument follows a parameter that a loop of the same module passes with a new shape on
    each iteration, judged at that call as above (`next_token(params, prompt)` in a loop that
    appends to `prompt = list(system_prompt)`, then `forward(params, jnp.asarray(prompt))` in
    `next_token`): reported at the call in the helper. So is a boolean mask of the data a
    function is handed (`episode_stats(lengths[mask])` with `mask` made from its `logs`) where
    the function runs again and again (called in a loop, here or in a module importing this
    one, a loop over a collection written there too). Each finding is on the call, one per call.

    ## Why is this bad?
    Compiled programs are specialised to the shapes of their arguments: each new shape traces
    and compiles again. Measured on jax 0.10.2: `hj(jnp.arange(i))` for three values of `i`
    compiles three times, and so does calling it on an array grown by `jnp.concatenate` on
    each of three iterations; a helper stacking a prompt list that its caller's loop grows by
    one token per iteration compiles 3 times in 3 calls (bench/measure_varying_parameters.py);
    10 rows in windows of 4 compile twice over `range(math.ceil(n / size))`, `p += size`,
    `while p < n` and `jax.tree.map(lambda a: a[i:i + size], ...)`, once with 12 rows, over
    `range(n // size)`, padded, or through `lax.dynamic_slice` (bench/measure_batch_windows.py).

    ## Example
    ```python
    for i in range(1, n):
        total = prefix_sum(x[:i])
    ```

    ## Use instead
    ```python
    for i in range(1, n):
        total = prefix_sum(x, i)  # a fixed shape; mask with `jnp.arange(len(x)) < i` inside
    ```

    ## Known problems
    A window that moves by another amount than its length (overlapping or skipping windows,
    `x[i:i + 4]` over `range(n)`) is not reported, nor is the last window of a loop whose trip
    count is not visibly a rounding up (`range(n_batches)`). Only counting loops (`range(...)`, the index
    of `enumerate(...)`, `while` counters) and data streams (what a generator of the checked
    code works out anew on each pass of a counting loop of its own before yielding it) are
    checked for sizes, besides the items followed one by one. A sweep over sizes written at
    the loop (`for n in (8, 16, 32)`) is reported although a benchmark means it: it compiles
    once per size, as a static argument swept the same way does (JAX403). Items whose shapes
    the checked code does not show (data loaded from files, more than 8 items) are not
    followed one by one.
    """

    CODE = "JAX404"
    NAME = "shape-varies-in-loop"
    MESSAGE = "Argument `{param}` of {function} changes shape with `{variable}` {when}, so {which} compiles again"
    FIX_TITLE = "Pad or mask to a fixed shape, or bucket the sizes"

    def check(self, context: Context) -> None:
        for change in context.facts.key_parts("shape"):  # one per call: its first changing argument
            when, which = (
                ("on the last batch, unless the batch size divides the length", "that batch") if change.ragged
                else (change.when or "on every loop iteration", change.which or "each iteration")
            )
            context.report(
                self, change.call, param=change.param, function=change.function, variable=change.variable,
                when=when, which=which,
            )

    VALID = [
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(w, x):
                return w - x.mean(0)

            def batches():
                for start in range(0, 96, 16):  # 16 divides 96: no short batch
                    yield jnp.arange(96)[start:min(start + 16, 96)]

            def epoch(w, features):
                for idx in batches():
                    w = step(w, jnp.asarray(features[idx]))
                return w
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def step(w, xb):
                return w - xb.mean()

            def batches(x, size, drop_remainder=True):
                n = len(x) - (len(x) % size if drop_remainder else 0)
                for start in range(0, n, size):
                    yield x[start:start + size]

            def train(w, x):
                for xb in batches(x, 8):  # the ragged remainder is dropped
                    w = step(w, xb)
                return w
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def encode(tokens):
                return jnp.cumsum(tokens)

            def run(batch, data, table):
                frames = []
                for row in batch:
                    frames.append(encode(jnp.where(row != 0, row, 0)))
                    encode(table[table > 0])  # the same mask every iteration
                for xb in np.split(data, 3):  # equal pieces, or `np.split` raises
                    encode(xb)
                return frames
            """
        ),
        valid(
            """
            import jax

            @jax.jit
            def f(x):
                return x.sum()

            for i in range(0, 1000, 100):
                f(data[i:i + 100])  # the same length every iteration
            """
        ),
        valid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def f(x):
                return x.sum()

            for n in (5, 6, 7):
                f(jnp.zeros((n + 7) // 8 * 8))  # every size padded to one bucket of 8
            """
        ),
        valid(
            """
            from jax import jit
            import jax.numpy as jnp

            def total(x, i):
                return jnp.where(jnp.arange(x.shape[0]) < i, x, 0).sum()

            g = jit(total)
            for i in range(10):
                g(x, i)
                g(x[i], i)  # indexing keeps the shape
            """
        ),
        valid(
            """
            import numba
            import numpy as np

            @numba.jit
            def f(x):
                return x.sum()

            for i in range(10):
                f(np.zeros(i))
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def some_func(vec, indices):
                return vec[indices].sum()

            def sweep(x):
                for n_indices in [5, 8, 10]:  # each new length compiles again
                    li = jnp.arange(n_indices)
                    some_func(x, li)
            """,
            line=11,
            message_contains="changes shape with `n_indices` from one item to the next ((5,) then (8,))",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def prefill(input_ids):
                return jnp.cumsum(input_ids, axis=1)

            def tokenize(text):
                return jnp.array([[ord(c) % 32 for c in text]])

            def serve(prompts):
                return sum(prefill(tokenize(p)).sum() for p in prompts)

            serve(["hi", "hello", "hey there"])
            """,
            line=12,
            message_contains="((1, 2) then (1, 5))",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def step(w, x):
                return w - x.mean(0)

            def block_batches(n_rows, block_rows, size):
                order = np.random.default_rng(0).permutation(n_rows)
                for rstart in range(0, n_rows, block_rows):
                    rstop = min(rstart + block_rows, n_rows)
                    for start in range(rstart, rstop, size):
                        yield order[start:min(start + size, rstop)]

            def epoch(w, features):
                for idx in block_batches(len(features), 40, 16):
                    w = step(w, jnp.asarray(features[idx]))
                return w
            """,
            line=18,
            message_contains="changes shape with `idx` on the last batch",
        ),
        invalid(
            """
            import jax

            p_eval = jax.pmap(lambda b: b["x"].sum())

            def loader(data, size):
                for start in range(0, len(data["x"]), size):
                    yield {k: v[start:start + size] for k, v in data.items()}

            def shard(batch):
                return jax.tree_util.tree_map(lambda x: x.reshape((1, -1) + x.shape[1:]), batch)

            def evaluate(data):
                for batch in loader(data, 32):
                    p_eval(shard(batch))
            """,
            line=14,
            message_contains="changes shape with `batch` on the last batch",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def total(x):
                return x.sum()

            def stream(count, rng):
                for i in range(count):
                    n = int(rng.integers(3, 6))  # a size drawn for each item
                    yield i, n

            def run(rng):
                for i, n in stream(8, rng):
                    total(jnp.zeros(n))
            """,
            line=15,
            message_contains="changes shape with `n`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp
            import numpy as np

            @jax.jit
            def encode(tokens):
                return jnp.cumsum(tokens)

            def run(batch, data):
                frames = []
                for row in batch:
                    encode(row[row != 0])
                    frames.append(row)
                    encode(jnp.stack(frames))
                for xb in np.array_split(data, 3):
                    encode(xb)
            """,
            line=12,
            lines=(12, 14, 16),
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def step(params, batch):
                return params - 0.01 * batch.mean(0)

            def train_epoch(params, data, batch_size=32):
                for start in range(0, len(data), batch_size):
                    batch = data[start:start + batch_size]
                    params = step(params, batch)
                for t in range(1, 4):
                    params = step(params, jnp.zeros((t, 3)) + 1.0)
                return params
            """,
            line=11,
            message_contains="changes shape with `start` on the last batch",
            lines=(11, 13),
        ),
        invalid(
            """
            import jax

            @jax.jit
            def prefix_sum(x):
                return x.sum()

            for i in range(1, 10):
                prefix_sum(x[:i])
            """,
            line=8,
            message_contains="`i`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            @jax.jit
            def window_loss(w, xs):
                return jnp.mean((w * xs) ** 2)

            def train(w, xs, steps=3):
                for t in range(1, steps + 1):
                    # grad calls the jitted function with these arguments, as they are.
                    w = w - 0.1 * jax.grad(window_loss)(w, xs[:, :t])
                return w
            """,
            line=11,
            message_contains="`xs` of `window_loss`",
        ),
        invalid(
            """
            import jax as jx
            import jax.numpy as jnp

            hj = jx.jit(lambda v: v.sum())
            for i in range(1, 4):
                hj(jnp.ones((i, 3)))
            """,
            line=6,
        ),
        invalid(
            """
            from jax import jit
            import jax.numpy as jnp

            def mean(xs):
                return xs.mean()

            step = jit(mean)
            history = jnp.zeros(1)
            for batch in batches:
                history = jnp.concatenate([history, batch.sum()[None]])
                step(history)
            """,
            line=11,
            message_contains="`history`",
        ),
    ]
