"""Runtime tests run real jax on CPU in worker processes (never in the pytest process)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("JAX_PLATFORMS", "cpu")

pytest.importorskip("jax", reason="the validator needs jax (pip install 'jaxcheck[validate]')")
