//! Seeded randomness: uniforms and standard normals from one ChaCha8 stream.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A seeded ChaCha8 stream of uniforms and standard normals, plus the spare of the last
/// normal pair: the simulator's only source of randomness, consumed in a fixed order, and
/// that of the simulated index and forex series.
#[derive(Clone, Debug)]
pub struct Noise {
    rng: ChaCha8Rng,
    spare: Option<f64>,
}

impl Noise {
    pub fn new(seed: u64) -> Self {
        Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            spare: None,
        }
    }

    /// Uniform in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        self.rng.random::<f64>()
    }

    /// Standard normal (Marsaglia's polar method, two values per draw).
    pub fn normal(&mut self) -> f64 {
        if let Some(spare) = self.spare.take() {
            return spare;
        }
        loop {
            let u = 2.0 * self.uniform() - 1.0;
            let v = 2.0 * self.uniform() - 1.0;
            let s = u * u + v * v;
            if s > 0.0 && s < 1.0 {
                let factor = (-2.0 * s.ln() / s).sqrt();
                self.spare = Some(v * factor);
                return u * factor;
            }
        }
    }
}
