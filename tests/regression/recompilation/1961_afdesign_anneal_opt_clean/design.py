import jax
import numpy as np


class _af_design:

  def step(self, lr_scale=1.0):
    self._inputs["opt"] = self.opt
    (loss, aux), grad = self._model["grad_fn"](self._params, self._inputs, self.key())
    lr = self.opt["learning_rate"] * lr_scale
    self._params = jax.tree_util.tree_map(lambda x, g: x - lr * g, self._params, grad)
    self.aux = {"loss": float(loss), **aux}

  def design(self, iters=100,
             soft=0.0, e_soft=None,
             temp=1.0, e_temp=None,
             hard=0.0, e_hard=None,
             step=1.0, e_step=None):
    m = {"soft": [soft, e_soft], "temp": [temp, e_temp],
         "hard": [hard, e_hard], "step": [step, e_step]}
    m = {k: [s, (s if e is None else e)] for k, (s, e) in m.items()}

    for i in range(iters):
      for k, (s, e) in m.items():
        if k == "temp":
          self.set_opt({k: (e + (s - e) * (1 - (i + 1) / iters) ** 2)})
        else:
          v = (s + (e - s) * ((i + 1) / iters))
          if k == "step": step = v
          else: self.set_opt({k: v})

      # decay learning rate based on temperature
      lr_scale = step * ((1 - self.opt["soft"]) + (self.opt["soft"] * self.opt["temp"]))
      self.step(lr_scale=lr_scale)

  def design_logits(self, iters=100, **kwargs):
    self.design(iters, **kwargs)

  def design_soft(self, iters=100, temp=1, **kwargs):
    self.design(iters, soft=1, temp=temp, **kwargs)

  def design_hard(self, iters=100, **kwargs):
    self.design(iters, soft=1, hard=1, **kwargs)

  def design_3stage(self, soft_iters=300, temp_iters=100, hard_iters=10):
    if soft_iters > 0: self.design_logits(soft_iters, e_soft=1)
    if temp_iters > 0: self.design_soft(temp_iters, e_temp=1e-2)
    if hard_iters > 0: self.design_hard(hard_iters, temp=1e-2)
