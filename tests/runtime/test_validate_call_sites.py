"""`jaxcheck validate` takes arguments from the project's own calls when they are built by
libraries (`Scorer(jnp.ones(3), scale=0.5)`, `init(jax.random.key(seed), 6, 6)` in a loop over
`range(3)`), never runs project code to build them, and synthesizes `None` for an optional
parameter whose other type it cannot build, `0` for an axis; an unrolled loop the module's own
analysis does not see is watched while traced; a replay that compiles nothing refutes nothing
(real CLI, real jax on CPU)."""

from __future__ import annotations

import pathlib

from .cli import validate_json, write_tree


def _verdicts(tmp_path: pathlib.Path, files: dict[str, str]) -> dict[int, dict]:
    write_tree(tmp_path, files)
    return {d["line"]: d for d in validate_json(tmp_path, *files)}


def test_constructor_argument_built_by_jax_in_the_projects_own_call(tmp_path: pathlib.Path) -> None:
    found = _verdicts(tmp_path, {"tracker.py": """\
        import jax
        import jax.numpy as jnp


        class Scorer:
            def __init__(self, weights, scale):
                self.weights = jnp.asarray(weights) * scale

            def score(self, weights, batch):
                return jnp.tanh(batch @ weights)

            def predict(self, batch):
                return jax.jit(self.score)(self.weights, batch)


        def evaluate():
            scorer = Scorer(jnp.ones(3), scale=0.5)
            batches = [jnp.ones((2, 3)), jnp.zeros((2, 3))]
            return [scorer.predict(batch) for batch in batches]
        """})
    # before: could not create a `Scorer` instance: no value for parameter `weights`
    validation = found[13]["validation"]
    assert (found[13]["code"], validation["status"]) == ("JAX402", "confirmed"), validation["evidence"]
    assert "the call at tracker.py:19 (float32[2, 3])" in validation["evidence"]


def test_function_arguments_from_a_call_in_a_loop_over_range(tmp_path: pathlib.Path) -> None:
    found = _verdicts(tmp_path, {"autoencoder.py": """\
        import jax
        import jax.numpy as jnp


        def glorot(key, shape):
            fan_in, fan_out = shape
            return jax.random.normal(key, shape) * jnp.sqrt(2.0 / (fan_in + fan_out))


        def init_autoencoder(key, dim, latent):
            enc = glorot(key, (dim, latent))
            dec = glorot(key, (latent, dim))
            return {"enc": enc, "dec": dec}


        def run():
            for seed in range(3):
                init_autoencoder(jax.random.key(seed), 6, 6)
        """})
    # before: `dim` and `latent` were float32[3] arrays: "Shapes must be 1D sequences of concrete values"
    validation = found[12]["validation"]
    assert (found[12]["code"], validation["status"]) == ("JAX501", "confirmed"), validation["evidence"]
    assert "with the call at autoencoder.py:18 (key<fry>[], 6, 6)" in validation["evidence"]


def test_a_call_whose_argument_runs_project_code_is_not_used(tmp_path: pathlib.Path) -> None:
    marker = tmp_path / "ran.txt"
    found = _verdicts(tmp_path, {"noisy.py": f"""\
        import jax


        def seed():
            open({str(marker)!r}, "w").write("ran")
            return 0


        def draws(key, n):
            a = jax.random.normal(key, (n,))
            b = jax.random.normal(key, (n,))
            return a + b


        def run():
            draws(jax.random.key(seed()), 4)
        """})
    validation = found[11]["validation"]
    assert validation["status"] == "confirmed", validation["evidence"]
    assert "the call at" not in validation["evidence"]  # synthesized instead
    assert not marker.exists()


def test_optional_parameter_gets_none_and_an_axis_gets_zero(tmp_path: pathlib.Path) -> None:
    found = _verdicts(tmp_path, {"cumsum.py": """\
        import jax
        import jax.numpy as jnp


        class Sharding:
            def __init__(self, mesh, spec):
                self.mesh, self.spec = mesh, spec


        def cumsum(x: jax.Array, axis: int, sharding: Sharding | None) -> jax.Array:
            @jax.jit
            def summed(x):
                return jnp.cumsum(x, axis)

            return summed(x)


        def run(xs):
            for x in xs:
                cumsum(x, 0, None)
        """})
    # before: no value for parameter `sharding` (annotation `Sharding | None`); with an axis of 3:
    # ValueError: axis 3 is out of bounds for array of dimension 1
    validation = found[15]["validation"]
    assert (found[15]["code"], validation["status"]) == ("JAX402", "confirmed"), validation["evidence"]
    assert "synthesized arguments (float32[3], 0, None)" in validation["evidence"]


def test_loop_of_a_function_called_from_another_module_is_watched_while_traced(tmp_path: pathlib.Path) -> None:
    found = {
        (pathlib.Path(d["path"]).name, d["line"]): d
        for d in _verdicts_of_files(tmp_path, {
            "ops.py": """\
                import jax
                import jax.numpy as jnp


                @jax.jit
                def gather(vec, indices):
                    out = jnp.zeros(len(indices))
                    for idx, j in enumerate(indices):
                        out = out.at[idx].set(vec[j])
                    return out
                """,
            "main.py": """\
                import jax.numpy as jnp

                from ops import gather


                def run():
                    x = jnp.ones(20)
                    for n in [5, 8, 10]:
                        gather(x, jnp.arange(n))
                """,
        })
    }
    # before: "no unrolled loop was found at line 8" (the module's analysis holds no trip count)
    validation = found[("ops.py", 8)]["validation"]
    assert validation["status"] == "confirmed", validation["evidence"]
    assert "line 8 ran 6 times while JAX traced `gather` once with the call at main.py:9" in validation["evidence"]


def _verdicts_of_files(tmp_path: pathlib.Path, files: dict[str, str]) -> list[dict]:
    write_tree(tmp_path, files)
    return validate_json(tmp_path, "--show-info", *files)


def test_a_replay_that_compiles_nothing_refutes_no_shape_finding(tmp_path: pathlib.Path) -> None:
    found = _verdicts_of_files(tmp_path, {"epoch.py": """\
        import jax
        import jax.numpy as jnp


        @jax.jit
        def step(w, x):
            return w + x.sum()


        def epoch(w, features, targets, batch_size):
            for start in range(0, len(features), batch_size):
                w = step(w, jnp.asarray(features[start:start + batch_size]))
                w = step(w, jnp.asarray(targets[start:start + batch_size]))
            return w
        """})
    # the first call's experiment compiled `step` for the synthesized shapes; the second call's
    # replays the same ones and compiles nothing, which was refuted as "the compiled code was reused"
    by_line = {d["line"]: d["validation"] for d in found if d["code"] == "JAX404"}
    assert [v["status"] for v in by_line.values()] == ["inconclusive", "inconclusive"], by_line
    assert "0 XLA compilations of `step`" in by_line[13]["evidence"]
    assert "the replay passed only shapes compiled before" in by_line[13]["evidence"]


def test_arguments_that_take_a_path_around_the_jit_give_way_to_the_next_set(tmp_path: pathlib.Path) -> None:
    found = _verdicts(tmp_path, {"scaled.py": """\
        import jax


        def apply(x, scale: float | None = None):
            if scale is None:
                return x

            @jax.jit
            def scaled(v):
                return v * scale

            return scaled(x)


        def run():
            for step in range(3):
                apply(1.0 * step)
        """})
    # before: "3 calls of `apply` with the call at scaled.py:17 (0.0): line 12 ran 0 times, so the
    # pattern was not replayed", and no other argument set was tried
    validation = found[12]["validation"]
    assert (found[12]["code"], validation["status"]) == ("JAX402", "confirmed"), validation["evidence"]
    assert "3 XLA compilations of `scaled` while line 12 ran 3 times" in validation["evidence"]


def test_a_parameter_read_by_string_keys_is_synthesized_as_a_dict_of_them(tmp_path: pathlib.Path) -> None:
    # `params["w"]` in `mse`, which the jitted step passes `params` to through `value_and_grad`:
    # a dict of those keys, `w` a matrix (an operand of `@`), `b` a vector; an array was given
    # before, and `params["w"]` raised "JAX does not support string indexing"
    write_tree(tmp_path, {"train.py": """\
        import jax
        import jax.numpy as jnp


        def mse(params, x, y):
            pred = x @ params["w"] + params["b"]
            return jnp.mean((pred - y) ** 2)


        @jax.jit
        def train_step(params, x, y):
            loss, grads = jax.value_and_grad(mse)(params, x, y)
            print("loss", loss)
            return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), loss
        """})
    (finding,) = validate_json(tmp_path, "train.py")
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "synthesized arguments ({'b': float32[3], 'w': float32[3, 3]}, float32[3], float32[3])" in (
        finding["validation"]["evidence"]
    )


def test_how_often_the_project_calls_a_function_is_read_from_its_calls(tmp_path: pathlib.Path) -> None:
    """`called_once` says how the project calls a function when it calls it once at most: the
    premise of a finding made per call of it (JAX402, JAX405) is the program's repeat, which a
    validator calling it twice would make up."""
    from jaxcheck.runtime.call_sites import called_once, project_files

    write_tree(tmp_path, {"app.py": """\
        import jax


        def build():
            return 1


        def once():
            return build()


        def entry():
            return once()


        def looped():
            for _ in range(3):
                twice()


        def twice():
            return 2


        def comprehended():
            return [twice_more() for _ in range(2)]


        def twice_more():
            return 3


        def handed():
            return 4


        def two_sites():
            return 5


        callbacks = [handed]
        two_sites()
        two_sites()


        if __name__ == "__main__":
            entry()
        """})
    project_files.cache_clear()
    namespace: dict = {}
    exec(compile((tmp_path / "app.py").read_text(), str(tmp_path / "app.py"), "exec"), namespace)  # noqa: S102

    def reading(name: str) -> str | None:
        function = namespace[name]
        function.__module__ = "app"
        return called_once(function, tmp_path, tmp_path / "app.py")

    assert reading("build") == (
        "the project calls `build` once, at app.py:9, outside any loop of `once`, and `once` once, at app.py:13, "
        "outside any loop of `entry`, and `entry` once, at app.py:47, outside any loop"
    )
    assert reading("looped") == "nothing in the project calls `looped`"
    assert reading("twice") is None  # in a loop
    assert reading("twice_more") is None  # in a comprehension
    assert reading("handed") is None  # named, not called: whoever holds it may call it again
    assert reading("two_sites") is None

    class Model:
        def __call__(self, x):
            return x

    assert called_once(Model.__call__, tmp_path, tmp_path / "app.py") is None  # run by `model(x)`, regression 056


def test_a_static_object_changed_in_place_is_confirmed_by_one_compile_reused(tmp_path: pathlib.Path) -> None:
    # JAX405 on an object changed between two calls says the later call runs the program
    # compiled before the change: one compilation over both calls is that hazard, not a refutal
    write_tree(tmp_path, {"stale.py": """\
        from functools import partial

        import jax


        class Box:
            def __init__(self, val):
                self.val = val


        @partial(jax.jit, static_argnums=1)
        def add(x, box):
            return x + box.val


        def run():
            z = Box(5)
            add(1, z)
            z.val = 6
            return add(1, z)


        run()
        """})
    (finding,) = validate_json(tmp_path, "stale.py")
    assert finding["code"] == "JAX405"
    assert finding["validation"]["status"] == "confirmed", finding["validation"]
    assert "compiled before the object changed ran again" in finding["validation"]["evidence"]
