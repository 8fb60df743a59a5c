"""In the JAX book's section 5.2.1 on pure functions, `impure_saves_global(x)` does
`global g; g = x; return x`; the author jits it, calls `jit_impure_saves_gloabl(4.)`
and prints the "saved global". Under jit the assignment happens at trace time with
the abstract tracer, so `g` ends up holding a leaked tracer instead of 4.0.

Source: https://github.com/halfroad/JAX/blob/374f859adc851ba2451c3814b67daa2536e02541/Chapters/05/ProgramConventionsNorms/5.2/5.2.1/PureFunction/InternalParametersInfluenceExternalParameters.py#L9
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax

g = 0.


def impure_saves_global(x):

    global g

    g = x  # expect: JAX103

    return x


def main():

    jit_impure_saves_gloabl = jax.jit(impure_saves_global)

    jit_impure_saves_gloabl(4.)

    return g


def run():
    saved = main()
    # eager Python would have saved the float 4.0
    return int(isinstance(saved, jax.core.Tracer))
