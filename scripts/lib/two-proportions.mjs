// The significance of an experiment's variant against its control: the two-proportion z-test
// with the pooled proportion (the textbook test of two conversion rates; it gives the same p-value
// as Pearson's chi-squared test of the 2×2 table without continuity correction, z² = χ²).

/**
 * The complementary error function, erfc(x), to a fractional error below 1.2e-7 everywhere
 * (W. H. Press et al., Numerical Recipes, 2nd ed., §6.2, `erfcc`: Chebyshev fit).
 */
function erfc(x) {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The standard normal distribution function Φ(z). */
export const normalCdf = (z) => 0.5 * erfc(-z / Math.SQRT2);

/**
 * A variant (`x2` conversions of `n2` visitors) against the control (`x1` of `n1`): both rates,
 * the uplift (relative change of the rate), z and the two-sided p-value. z and p are null when the
 * test cannot say anything (no visitors, or no conversions or no non-conversions at all).
 * @param {number} x1 @param {number} n1 @param {number} x2 @param {number} n2
 * @returns {{ rate1: number | null, rate2: number | null, uplift: number | null, z: number | null, p: number | null }}
 */
export function twoProportionTest(x1, n1, x2, n2) {
  const rate1 = n1 > 0 ? x1 / n1 : null;
  const rate2 = n2 > 0 ? x2 / n2 : null;
  const uplift = rate1 && rate2 !== null ? (rate2 - rate1) / rate1 : null;
  const pooled = n1 + n2 > 0 ? (x1 + x2) / (n1 + n2) : 0;
  const se = n1 > 0 && n2 > 0 ? Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) : 0;
  if (!se) return { rate1, rate2, uplift, z: null, p: null };
  const z = (rate2 - rate1) / se;
  return { rate1, rate2, uplift, z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}
