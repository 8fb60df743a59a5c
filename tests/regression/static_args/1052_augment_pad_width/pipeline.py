from augment import pad_and_crop

PAD = [(0, 0), (2, 2), (2, 2), (0, 0)]


def augment_batch(images):
    return pad_and_crop(images, PAD)  # expect: JAX302
