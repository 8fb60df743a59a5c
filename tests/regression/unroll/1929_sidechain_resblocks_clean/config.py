import ml_collections_stub as mc

sidechain = mc.ConfigDict(dict(num_channel=16, num_residual_block=2, angle_norm_weight=0.01))
