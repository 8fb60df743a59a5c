"""A Qiita post on jax.lax.cond ("jax.lax.condの使い方") shows cond with a
scalar predicate, then answers the follow-up question "how do I write
`if x > 0: x = x*2`?" with "just rewrite it as `x = x*2 if x > 0 else x`".
A conditional expression is still Python control flow: inside a jitted step
`x > 0` is a tracer and the ternary needs its truth value, so tracing fails
with TracerBoolConversionError.

Source: https://qiita.com/shibaura/items/b246de663fe576b35e45
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def true_fun(x, y):
    return x + y


def false_fun(x, y):
    return x - y


@jax.jit
def step(x, y):
    result = jax.lax.cond(
        x > 0,      # 判定式
        true_fun,   # 判定式がtrueのときに実行する関数
        false_fun,  # 判定式がfalseのときに実行する関数
        *(x, y),
    )
    # Q. 普通の if x > 0: x = x*2 はどう書けばいい?  A. 三項演算子で OK
    x = x * 2 if x > 0 else x  # expect: JAX201
    return result, x


def run():
    x = jnp.array(3.0)  # 入力1
    y = jnp.array(2.0)  # 入力2
    return step(x, y)


if __name__ == "__main__":
    run()
