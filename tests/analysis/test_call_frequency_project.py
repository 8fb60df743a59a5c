"""How often a method runs, across the modules of a project: a method every call of which, in
any module, is on an object the calling code has just built runs once per object built
(measured on jax 0.10.2: 3 trainers built in turn, each training once with
`jax.jit(self.step)` called 5 times, compile 3 times; so do 3 trainings of one trainer, the
hazard). Each test writes a small project to ``tmp_path`` and checks it with the real API."""

from __future__ import annotations

from jaxcheck.analysis import ModuleFacts
from jaxcheck.analysis.syntax.project import ProjectIndex, ProjectView
from jaxcheck.parsing import parse

from test_crossmodule import findings, write

TRAINER = """
    import jax
    import jax.numpy as jnp


    class Trainer:
        def __init__(self, scale):
            self.scale = scale

        def step(self, x):
            return x * self.scale

        def train(self, x):
            first = jax.jit(self.step)(x)  # one compile per trainer
            return jax.lax.scan(lambda c, _: (self.step(c), None), first, jnp.zeros(5))[0]
"""


def test_a_trainer_built_for_each_run_trains_once(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/trainer.py": TRAINER,
        "main.py": """
            import jax.numpy as jnp
            from pkg.trainer import Trainer

            def main(seed):
                trainer = Trainer(float(seed))
                return trainer.train(jnp.ones(3))

            if __name__ == "__main__":
                for seed in range(3):
                    main(seed)
        """,
    })
    assert findings(tmp_path) == []


def test_one_trainer_trained_in_a_loop_compiles_on_each_training(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/trainer.py": TRAINER,
        "main.py": """
            import jax.numpy as jnp
            from pkg.trainer import Trainer

            def sweep(scales):
                trainer = Trainer(1.0)
                for scale in scales:
                    trainer.train(jnp.ones(3) * scale)
        """,
    })
    assert findings(tmp_path) == [("pkg/trainer.py", 13, "JAX402")]


def test_once_per_object_reads_the_calls_of_other_modules(tmp_path):
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/trainer.py": TRAINER,
        "run.py": """
            from pkg.trainer import Trainer

            trainer = Trainer(1.0)
            for cfg in configs:
                trainer.train(x)  # one object, trained again on every pass
        """,
        "main.py": """
            from pkg.trainer import Trainer

            trainer = Trainer(2.0)
            trainer.train(x)
        """,
    })
    path = tmp_path / "pkg" / "trainer.py"
    index = ProjectIndex.of_paths([str(p) for p in tmp_path.rglob("*.py")], lambda p: open(p, "rb").read())
    view = ProjectView(index, str(path))
    facts = ModuleFacts(parse(str(path), path.read_text()), project=view, source=path.read_text())
    (train,) = [f for f in facts.functions if f.name == "train"]
    assert [site.scope.kind for site in view.calls_elsewhere("train")] == ["module", "module"]
    assert not facts.frequency.once_per_object(train)
    (tmp_path / "run.py").unlink()
    index = ProjectIndex.of_paths([str(p) for p in tmp_path.rglob("*.py")], lambda p: open(p, "rb").read())
    view = ProjectView(index, str(path))
    facts = ModuleFacts(parse(str(path), path.read_text()), project=view, source=path.read_text())
    (train,) = [f for f in facts.functions if f.name == "train"]
    assert facts.frequency.once_per_object(train)
    assert str(tmp_path / "main.py") in view.dependencies  # a change there checks this file again
    (tmp_path / "run.py").write_text("from pkg.trainer import Trainer\n\nfor cfg in configs:\n    Trainer(cfg).train(x)\n")
    index = ProjectIndex.of_paths([str(p) for p in tmp_path.rglob("*.py")], lambda p: open(p, "rb").read())
    view = ProjectView(index, str(path))
    facts = ModuleFacts(parse(str(path), path.read_text()), project=view, source=path.read_text())
    (train,) = [f for f in facts.functions if f.name == "train"]
    assert facts.frequency.once_per_object(train)  # `Trainer(cfg).train(x)`: a new object on every pass


# A function of one module, and the modules that call it: how often it runs is seen from them.
HELPERS = """
    import jax


    def make_step(scale):
        return jax.jit(lambda x: x * scale)


    class Solver:
        def __init__(self, scale):
            self.scale = scale

        def run(self, x):
            return x * self.scale
"""


def _frequency_of(tmp_path, module: str):
    path = tmp_path / module
    index = ProjectIndex.of_paths([str(p) for p in tmp_path.rglob("*.py")], lambda p: open(p, "rb").read())
    view = ProjectView(index, str(path))
    facts = ModuleFacts(parse(str(path), path.read_text()), project=view, source=path.read_text())
    return facts.frequency, {f.qualname: f for f in facts.functions}, view


def test_a_function_called_in_another_modules_loop_runs_repeatedly(tmp_path):
    write(tmp_path, {
        "helpers.py": HELPERS,
        "train.py": """
            from helpers import Solver, make_step

            def fit(data):
                solver = Solver(2.0)
                return [solver.run(x) for x in data]

            def epoch(batch):
                return make_step(1.0)(batch)

            def main(batches):
                for batch in batches:
                    epoch(batch)  # `epoch` runs on every pass: so does `make_step`, one step further
        """,
    })
    frequency, functions, view = _frequency_of(tmp_path, "helpers.py")
    assert frequency.runs_repeatedly(functions["Solver.run"])  # in a comprehension there
    assert frequency.runs_repeatedly(functions["make_step"])
    assert frequency.may_repeat(functions["make_step"])
    assert not frequency.runs_repeatedly(functions["Solver.__init__"])  # `Solver(2.0)`: once per `fit`
    assert str(tmp_path / "train.py") in view.dependencies  # a change there checks this file again


def test_a_setup_function_called_once_from_main_elsewhere_stays_quiet(tmp_path):
    write(tmp_path, {
        "helpers.py": HELPERS,
        "main.py": """
            from helpers import make_step

            def run():  # run once: `make_step` too, though `run` calls `step` in a loop
                step = make_step(2.0)
                for x in range(3):
                    step(x)

            def main():
                run()
        """,
    })
    frequency, functions, _ = _frequency_of(tmp_path, "helpers.py")
    assert not frequency.runs_repeatedly(functions["make_step"])
    assert not frequency.may_repeat(functions["make_step"])
    assert findings(tmp_path) == []


def test_calls_by_the_name_in_a_module_that_does_not_import_this_one_are_not_its_calls(tmp_path):
    write(tmp_path, {
        "helpers.py": HELPERS,
        "other.py": """
            def make_step(scale):
                return scale

            for s in range(3):
                make_step(s)
        """,
    })
    frequency, functions, _ = _frequency_of(tmp_path, "helpers.py")
    assert not frequency.runs_repeatedly(functions["make_step"])


def test_a_caller_run_in_another_modules_loop_does_not_make_its_callees_repeat(tmp_path):
    # `solve` runs in the other module's loop, but it calls `relax` only under a branch that
    # module's options may never take: calls by name cannot tell, so `relax` is not concluded.
    write(tmp_path, {
        "helpers.py": """
            def relax(x):
                return x

            def solve(x, method):
                if method == "relax":
                    return relax(x)
                return x
        """,
        "main.py": """
            from helpers import solve

            for i in range(3):
                solve(i, "newton")
        """,
    })
    frequency, functions, _ = _frequency_of(tmp_path, "helpers.py")
    assert frequency.runs_repeatedly(functions["solve"])
    assert not frequency.runs_repeatedly(functions["relax"])
