# config: disable_error_code = jaxcheck-unhashable-static
# mypy: disable-error-code="jaxcheck-donate-arg"
"""The plugin's error codes behave like mypy's: ignored by `type: ignore[...]` and disabled per
module, here `jaxcheck-unhashable-static` by the configuration file (a `[mypy-codes]` section,
see the header) and `jaxcheck-donate-arg` by the inline configuration comment above."""

import jax


def body(x: jax.Array, n: int) -> jax.Array:
    return x * n


jax.jit(body, static_argnums=3)  # E: `static_argnums` of jitted function `body` names position 3, but it takes 2 positional argument(s)  [jaxcheck-static-arg]
jax.jit(body, static_argnums=3)  # type: ignore[jaxcheck-static-arg]
jax.jit(body, static_argnums=3)  # type: ignore[jaxcheck-donate-arg]  # E: `static_argnums` of jitted function `body` names position 3, but it takes 2 positional argument(s)  [jaxcheck-static-arg]  # N: Error code "jaxcheck-static-arg" not covered by "type: ignore[jaxcheck-donate-arg]" comment
jax.jit(body, donate_argnums=3)
jax.jit(body, static_argnums=1, donate_argnums=1)
jax.jit(body, static_argnums=0)
