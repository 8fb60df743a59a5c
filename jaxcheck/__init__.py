"""jaxcheck: static analysis, runtime validation and typing for JAX code."""

from .runtime.examples import example

__version__ = "0.1.0"

__all__ = ["example", "__version__"]
