"""jaxcheck: static analysis, runtime validation and typing for JAX code."""

# Nothing is imported here: `python -m jaxcheck` imports this package while the working directory
# is still first on sys.path, and any module imported now could be the project's (a `typing.py`
# in it, say) instead of the standard library's. `__main__` removes the directory first.

__version__ = "0.1.0"

__all__ = ["example", "__version__"]


def __getattr__(name):
    if name == "example":
        from .runtime.examples import example

        return example
    raise AttributeError(f"module 'jaxcheck' has no attribute {name!r}")
