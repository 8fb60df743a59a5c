"""jaxcheck: static analysis, runtime validation and typing for JAX code."""

__version__ = "0.1.0"
