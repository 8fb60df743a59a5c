"""Measure which NumPy functions accept a traced array and which convert it (and raise).

Every public function of ``numpy``, ``numpy.linalg`` and ``numpy.fft`` is called inside ``jax.jit`` with a traced
float32 array of shape (3, 4) as its first argument, with each of a few argument patterns. A
function that returns a tracer other than its argument for some pattern dispatches: NumPy calls
the array's own method for the calls it is meant for (``np.reshape(x, 0)`` converts only because
``x.reshape(0)`` raises ``TypeError`` and NumPy then falls back to ``np.asarray``;
``np.diff(x, 0)`` returns ``x`` itself but ``np.diff(x)`` converts). A function is

- ``dispatching`` when it returns a tracer (NumPy called the array's own method),
- ``static`` when it returns Python metadata (a shape, a dtype, a bool) without converting,
- ``converting`` when it raised ``TracerArrayConversionError`` (NumPy called ``__array__``),
- ``other`` when every pattern failed for another reason (the function needs other arguments).

    python bench/measure_numpy_on_tracers.py            # a summary, the dispatching names
    python bench/measure_numpy_on_tracers.py --json F   # the full table

The linter's table (``jaxcheck.names.arrays.NUMPY_DISPATCHING`` and ``NUMPY_STATIC_RESULTS``)
is this measurement's result; rerun it when NumPy or jax changes.
"""
from __future__ import annotations

import argparse
import inspect
import json
import warnings

import jax
import jax.numpy as jnp
import numpy as np

PATTERNS = (
    lambda x: (x,),
    lambda x: (x, 0),
    lambda x: (x, (4, 3)),
    lambda x: (x, 0, 1),
    lambda x: (x, 2, 0),
    lambda x: (x, x),
)


def classify(function) -> str:
    outcomes = set()
    for pattern in PATTERNS:
        seen = {}

        def probe(x):
            result = function(*pattern(x))
            leaves = jax.tree_util.tree_leaves(result)
            traced = [leaf for leaf in leaves if isinstance(leaf, jax.core.Tracer)]
            seen["kind"] = "static" if not traced else "argument" if all(leaf is x for leaf in traced) else "dispatching"
            return jnp.zeros(())

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                jax.jit(probe)(jnp.ones((3, 4), jnp.float32))
        except jax.errors.TracerArrayConversionError:
            outcomes.add("converting")
        except Exception:  # noqa: BLE001 - the function wants other arguments
            outcomes.add("other")
        else:
            outcomes.add(seen["kind"])
    # A function that hands back its own argument (`np.real` of a real array, `np.diff(x, 0)`)
    # dispatches unless another call form converts.
    order = ("dispatching", "converting", "argument", "static", "other")
    kind = next(kind for kind in order if kind in outcomes)
    return "dispatching" if kind == "argument" else kind


NAMESPACES = {"": np, "linalg.": np.linalg, "fft.": np.fft}


def numpy_functions() -> dict[str, object]:
    """The public functions of `numpy`, `numpy.linalg` and `numpy.fft`, by name below `numpy.`."""
    found = {}
    for prefix, namespace in NAMESPACES.items():
        for name in sorted(dir(namespace)):
            value = getattr(namespace, name)
            if name.startswith("_") or inspect.isclass(value) or inspect.ismodule(value) or not callable(value):
                continue
            found[prefix + name] = value
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="write the full table here")
    args = parser.parse_args()
    table = {name: classify(function) for name, function in numpy_functions().items()}
    print(f"jax {jax.__version__}, numpy {np.__version__}: {len(table)} functions")
    for kind in ("dispatching", "static", "converting", "other"):
        names = sorted(name for name, outcome in table.items() if outcome == kind)
        print(f"{kind}: {len(names)}")
        if kind in ("dispatching", "static"):
            print("   ", " ".join(names))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(table, out, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
