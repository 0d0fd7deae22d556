//! TrueSkill (Herbrich, Minka & Graepel 2006) as WMT ranks systems from pairwise comparisons
//! (Sakaguchi, Post & Van Durme 2014, the `wmt-trueskill` scripts GJG15 and SEEDA ran): every
//! system starts at N(0, 0.5²); each step picks the least certain system, an opponent with weight
//! e^−|μa − μb|, and one of their comparisons at random, and updates both ratings; a system's
//! score is its μ after as many steps as there are comparisons, averaged over seeded runs.

use rand::RngExt;
use rand_pcg::Pcg64;
use reference_stats::{normal_cdf, normal_quantile};

use crate::Error;
use crate::judgments::{Comparison, Outcome, systems_of};

/// A system's rating: the mean and standard deviation of its skill.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// μ.
    pub mu: f64,
    /// σ.
    pub sigma: f64,
}

/// The TrueSkill environment of one game between two systems.
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct TrueSkillEnv {
    /// β, the performance noise.
    pub beta: f64,
    /// The probability of a draw, which sets the draw margin ε = Φ⁻¹((p + 1)/2) · √2 · β.
    pub draw_probability: f64,
}

/// The result of one game, for (a, b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Game {
    /// a ranked better.
    AWins,
    /// b ranked better.
    BWins,
    /// Ranked the same.
    Draw,
}

fn density(x: f64) -> f64 {
    (-0.5 * x * x).exp() / (2.0 * std::f64::consts::PI).sqrt()
}

impl TrueSkillEnv {
    /// The two ratings after one game (τ = 0: no skill drift between games):
    /// c² = 2β² + σa² + σb², t = (μa − μb)/c, e = ε/c; for a win of a,
    /// v = φ(t − e)/Φ(t − e), w = v (v + t − e); for a draw,
    /// v = (φ(−e − t) − φ(e − t)) / (Φ(e − t) − Φ(−e − t)),
    /// w = v² + ((e − t) φ(e − t) + (e + t) φ(e + t)) / (Φ(e − t) − Φ(−e − t));
    /// then μa += σa²/c · v, μb −= σb²/c · v, σ² ← σ² (1 − σ²/c² · w).
    pub fn rate(&self, a: Rating, b: Rating, game: Game) -> (Rating, Rating) {
        self.rate_with_margin(self.margin(), a, b, game)
    }

    /// ε = Φ⁻¹((p + 1)/2) · √2 · β.
    fn margin(&self) -> f64 {
        normal_quantile((self.draw_probability + 1.0) / 2.0) * 2f64.sqrt() * self.beta
    }

    /// [`TrueSkillEnv::rate`] with the draw margin computed once for many games.
    fn rate_with_margin(&self, margin: f64, a: Rating, b: Rating, game: Game) -> (Rating, Rating) {
        let (a, b, swapped) = match game {
            Game::BWins => (b, a, true),
            _ => (a, b, false),
        };
        let c2 = 2.0 * self.beta * self.beta + a.sigma * a.sigma + b.sigma * b.sigma;
        let c = c2.sqrt();
        let (t, e) = ((a.mu - b.mu) / c, margin / c);
        let (v, w) = if game == Game::Draw {
            let mass = normal_cdf(e - t) - normal_cdf(-e - t);
            let v = (density(-e - t) - density(e - t)) / mass;
            let w = v * v + ((e - t) * density(e - t) + (e + t) * density(e + t)) / mass;
            (v, w)
        } else {
            let v = density(t - e) / normal_cdf(t - e);
            (v, v * (v + t - e))
        };
        let update = |r: Rating, sign: f64| {
            let s2 = r.sigma * r.sigma;
            Rating {
                mu: r.mu + sign * s2 / c * v,
                sigma: (s2 * (1.0 - s2 / c2 * w)).sqrt(),
            }
        };
        let (a, b) = (update(a, 1.0), update(b, -1.0));
        if swapped { (b, a) } else { (a, b) }
    }
}

/// How [`trueskill`] runs.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct TrueSkillOptions {
    /// Runs averaged (WMT and GJG15 ran 1,000 and clustered them).
    pub runs: usize,
    /// Run r draws from its own PCG-64 stream (seed, r).
    pub seed: u64,
}

impl Default for TrueSkillOptions {
    /// 100 runs, seed 12345.
    fn default() -> Self {
        TrueSkillOptions {
            runs: 100,
            seed: corpus_resampling::DEFAULT_SEED,
        }
    }
}

/// One system's TrueSkill score: its μ averaged over the runs.
#[derive(Debug, Clone, PartialEq)]
pub struct TrueSkillScore {
    /// The system.
    pub system: String,
    /// The mean μ over the runs.
    pub mu: f64,
}

/// Per pair of systems (a < b by their index in `names`, at a · n + b): its games, as for (a, b).
fn games_by_pair(comparisons: &[Comparison], names: &[&str]) -> Vec<Vec<Game>> {
    let index = |name: &str| names.binary_search(&name).unwrap_or_default();
    let n = names.len();
    let mut games: Vec<Vec<Game>> = vec![Vec::new(); n * n];
    for c in comparisons {
        let (a, b) = (index(&c.first), index(&c.second));
        let game = match c.outcome {
            Outcome::FirstBetter => Game::AWins,
            Outcome::SecondBetter => Game::BWins,
            Outcome::Tie => Game::Draw,
        };
        let (key, game) = if a < b {
            (a * n + b, game)
        } else {
            let flipped = match game {
                Game::AWins => Game::BWins,
                Game::BWins => Game::AWins,
                Game::Draw => Game::Draw,
            };
            (b * n + a, flipped)
        };
        games[key].push(game);
    }
    games
}

/// TrueSkill scores from pairwise comparisons, best first, as `wmt-trueskill`'s `TS.py -n 2`
/// computes them: σ₀ = 0.5, μ₀ = 0, τ = 0, draw probability 0.25, β = 0.5 · N/40 with N the
/// number of comparisons + 1, N steps per run. Each step takes the system of largest σ (ties to
/// the name that sorts last, as Python's reverse sort of (σ, name) does), an opponent with weight
/// e^−|μa − μb| among the systems it has comparisons with (TS.py draws among all and fails on a
/// pair never compared), one of their comparisons uniformly, and rates the game (a tie is a
/// draw). The runs are seeded (TS.py's are not), so the scores repeat; their mean is the score.
pub fn trueskill(
    comparisons: &[Comparison],
    options: &TrueSkillOptions,
) -> Result<Vec<TrueSkillScore>, Error> {
    let names = systems_of(comparisons);
    if names.len() < 2 || options.runs == 0 {
        return Err(Error::Scores(
            "TrueSkill needs comparisons of two systems at least, and one run".into(),
        ));
    }
    let n = names.len();
    let games = games_by_pair(comparisons, &names);
    let pair = |a: usize, b: usize| a.min(b) * n + a.max(b);
    // The systems each system has comparisons with.
    let compared: Vec<Vec<usize>> = (0..n)
        .map(|a| {
            (0..n)
                .filter(|&b| b != a && !games[pair(a, b)].is_empty())
                .collect()
        })
        .collect();
    let steps = comparisons.len() + 1;
    let env = TrueSkillEnv {
        beta: 0.5 * steps as f64 / 40.0,
        draw_probability: 0.25,
    };
    let margin = env.margin();
    let mut total = vec![0.0; n];
    let mut weights = Vec::with_capacity(n);
    for run in 0..options.runs {
        let mut rng = Pcg64::new(u128::from(options.seed), run as u128);
        let mut ratings = vec![
            Rating {
                mu: 0.0,
                sigma: 0.5
            };
            n
        ];
        for _ in 0..steps {
            let a = (0..n)
                .max_by(|&x, &y| {
                    ratings[x]
                        .sigma
                        .total_cmp(&ratings[y].sigma)
                        .then(x.cmp(&y))
                })
                .unwrap_or(0);
            let opponents = &compared[a];
            weights.clear();
            weights.extend(
                opponents
                    .iter()
                    .map(|&b| (-(ratings[a].mu - ratings[b].mu).abs()).exp()),
            );
            let sum: f64 = weights.iter().sum();
            if opponents.is_empty() || sum <= 0.0 {
                continue;
            }
            let mut draw = rng.random::<f64>() * sum;
            let k = weights
                .iter()
                .position(|w| {
                    draw -= w;
                    draw < 0.0
                })
                .unwrap_or(opponents.len() - 1);
            let (lo, hi) = (a.min(opponents[k]), a.max(opponents[k]));
            let played = &games[lo * n + hi];
            let game = played[rng.random_range(0..played.len())];
            let (x, y) = env.rate_with_margin(margin, ratings[lo], ratings[hi], game);
            ratings[lo] = x;
            ratings[hi] = y;
        }
        for (t, r) in total.iter_mut().zip(&ratings) {
            *t += r.mu;
        }
    }
    let mut scores: Vec<TrueSkillScore> = names
        .iter()
        .zip(total)
        .map(|(s, t)| TrueSkillScore {
            system: (*s).to_owned(),
            mu: t / options.runs as f64,
        })
        .collect();
    scores.sort_by(|a, b| b.mu.total_cmp(&a.mu).then_with(|| a.system.cmp(&b.system)));
    Ok(scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(mu: f64, sigma: f64) -> Rating {
        Rating { mu, sigma }
    }

    /// The package's environment with `beta` and draw probability 0.25.
    fn env(beta: f64) -> TrueSkillEnv {
        TrueSkillEnv {
            beta,
            draw_probability: 0.25,
        }
    }

    fn close(a: Rating, mu: f64, sigma: f64) {
        assert!((a.mu - mu).abs() < 1e-6, "μ {} vs {mu}", a.mu);
        assert!((a.sigma - sigma).abs() < 1e-6, "σ {} vs {sigma}", a.sigma);
    }

    /// Against the `trueskill` package 0.4.5 (`TrueSkill(mu=0, sigma=0.5, beta, tau=0,
    /// draw_probability=0.25).rate([(a,), (b,)], ranks)`), whose normal functions are
    /// approximations good to about 1e-7.
    #[test]
    fn one_game_updates_as_the_trueskill_package() {
        let wide = env(0.5 * 1000.0 / 40.0);
        let fresh = rating(0.0, 0.5);
        let (a, b) = wide.rate(fresh, fresh, Game::AWins);
        close(a, 0.014_286_402_002_610_775, 0.499_860_154_297_473_5);
        close(b, -0.014_286_402_002_610_775, 0.499_860_154_297_473_5);
        let (a2, b2) = wide.rate(a, b, Game::Draw);
        close(a2, 0.014_264_353_357_992_015, 0.499_667_254_680_232_5);
        close(b2, -0.014_264_353_357_992_015, 0.499_667_254_680_232_5);
        let (c, d) = (rating(0.3, 0.2), rating(-0.1, 0.4));
        let (c1, d1) = wide.rate(c, d, Game::BWins);
        close(c1, 0.297_676_901_487_244_35, 0.199_990_989_695_614_3);
        close(d1, -0.090_707_605_948_977_57, 0.399_927_912_692_901_2);
        let narrow = env(0.3);
        let (e, f) = narrow.rate(c, d, Game::AWins);
        close(e, 0.335_429_743_431_581_6, 0.194_311_935_362_081_74);
        close(f, -0.241_718_973_727_263_17, 0.352_298_242_383_531_3);
        let (e2, f2) = narrow.rate(c, d, Game::Draw);
        close(e2, 0.258_564_520_142_172_6, 0.189_357_528_489_127_35);
        close(f2, 0.065_741_919_431_309_46, 0.306_105_173_965_045_04);
    }
}
