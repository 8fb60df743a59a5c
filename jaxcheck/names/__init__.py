"""Every JAX name jaxcheck recognises, in one place.

Names are written in their public spelling (``jax.jit``), the spelling a user's imports resolve
to. :data:`DEFINITION_SPELLINGS` maps the spelling where a name is defined (``jax._src.api.jit``,
what mypy reports) back to the public one, so a JAX release that moves a definition is a one-line
change here. Users add their own jit-like decorators through ``[tool.jaxcheck] jit-decorators``.
"""

from .arrays import *  # noqa: F401,F403
from .host import *  # noqa: F401,F403
from .keys import *  # noqa: F401,F403
from .plugin import *  # noqa: F401,F403
from .spellings import *  # noqa: F401,F403
from .transforms import *  # noqa: F401,F403
