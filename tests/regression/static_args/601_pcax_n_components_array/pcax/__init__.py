from .pca import PCAState, fit, recover, transform
