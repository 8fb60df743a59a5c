class T5Config:
    def __init__(self, d_model=16, d_ff=32, num_layers=24, vocab_size=50):
        self.d_model = d_model
        self.d_ff = d_ff
        self.num_layers = num_layers
        self.vocab_size = vocab_size
