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
