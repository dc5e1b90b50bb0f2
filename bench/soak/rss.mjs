// The server's resident memory over the run, and whether it levelled off.

/** Samples `read()` (MB) every `seconds` from now until stop(); samples are { seconds, mb }. */
export function sampleEvery(seconds, read) {
  const started = performance.now();
  const samples = [];
  const take = () => samples.push({ seconds: (performance.now() - started) / 1000, mb: read() });
  take();
  const timer = setInterval(take, seconds * 1000);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** Least-squares slope of the samples, in MB per minute. */
function slopePerMinute(samples) {
  const n = samples.length;
  const meanX = samples.reduce((sum, s) => sum + s.seconds, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.mb, 0) / n;
  const covariance = samples.reduce((sum, s) => sum + (s.seconds - meanX) * (s.mb - meanY), 0);
  const variance = samples.reduce((sum, s) => sum + (s.seconds - meanX) ** 2, 0);
  return variance === 0 ? 0 : (covariance / variance) * 60;
}

export const TOLERANCE = 0.05;

/**
 * RSS levels off when the second half of the run never goes more than 5%
 * above the first half's peak: memory that leaks per request keeps climbing
 * past it, while a heap that has found its size only moves with the
 * collector. The trend of the last third is reported beside it: near zero
 * once memory has found its level.
 */
export function levelling(samples) {
  const end = samples[samples.length - 1].seconds;
  const middle = end / 2;
  const first = samples.filter((s) => s.seconds <= middle);
  const second = samples.filter((s) => s.seconds > middle);
  const firstPeak = Math.max(...first.map((s) => s.mb));
  const secondPeak = Math.max(...second.map((s) => s.mb));
  return {
    firstPeak,
    secondPeak,
    growth: secondPeak / firstPeak - 1,
    trendPerMinute: slopePerMinute(samples.filter((s) => s.seconds >= (end * 2) / 3)),
    levelled: secondPeak <= firstPeak * (1 + TOLERANCE),
  };
}
