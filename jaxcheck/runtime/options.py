"""What a validation run may do: device, time and memory limits, and what to show."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

# Set by the validator for the processes it starts in the project's interpreter: directories of
# the libraries jaxcheck needs there (libcst), searched after that interpreter's own site-packages.
FALLBACK_PATH = "JAXCHECK_FALLBACK_PATH"

Device = Literal["cpu", "gpu", "tpu"]
DEVICES: tuple[str, ...] = ("cpu", "gpu", "tpu")

# The JAX_PLATFORMS value each --device choice sets in the workers (None: let JAX pick its
# default backend, which the worker then checks is of the requested kind).
PLATFORMS: dict[str, str | None] = {"cpu": "cpu", "gpu": None, "tpu": None}


# The smallest --memory-mb: twice what jax needs to start and compile a small function on CPU
# (jax 0.10.2 under a data limit: 192 MiB aborts, 256 MiB runs; bench/memory_cap_probe.py).
MIN_MEMORY_MB = 512


class ValidateOptionsError(ValueError):
    """An option the user set is out of range; the message names it."""


@dataclass(frozen=True)
class ValidateOptions:
    """Settings of one `jaxcheck validate` run.

    ``timeout`` bounds each finding's experiment, ``module_timeout`` a whole module (import
    included); ``memory_mb`` caps the memory a worker writes on CPU (its data limit).
    ``examples`` maps ``"path/to/file.py::qualname"`` (or a bare ``qualname``) to argument lists
    written as Python source, e.g. ``["jnp.ones((2, 3)), n=4"]``.
    ``python``: the interpreter of the project's environment (its jax and dependencies).
    """

    device: Device = "cpu"
    timeout: float = 60.0
    module_timeout: float = 300.0
    memory_mb: int = 4096
    drop_refuted: bool = False
    jobs: int | None = None  # module workers at once (None: one per core)
    examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    python: str | None = None  # the interpreter the workers run in (None: this one)
    tests: bool = True  # settle what the experiments left inconclusive with the project's tests (from_tests)

    def __post_init__(self) -> None:
        if self.device not in DEVICES:
            raise ValidateOptionsError(f"device must be one of {', '.join(DEVICES)}, got {self.device!r}")
        if not self.timeout > 0:
            raise ValidateOptionsError(f"timeout must be a positive number of seconds, got {self.timeout!r}")
        if not self.module_timeout > 0:
            raise ValidateOptionsError(f"module timeout must be positive, got {self.module_timeout!r}")
        if self.memory_mb < MIN_MEMORY_MB:
            raise ValidateOptionsError(
                f"memory limit must be at least {MIN_MEMORY_MB} MiB (jax needs about 256 MiB just to start), "
                f"got {self.memory_mb}"
            )
        if self.jobs is not None and self.jobs < 1:
            raise ValidateOptionsError(f"jobs must be at least 1, got {self.jobs}")
        for key, calls in self.examples.items():
            if isinstance(calls, str) or not all(isinstance(c, str) for c in calls):
                raise ValidateOptionsError(f"examples[{key!r}] must be a list of argument lists written as strings")
