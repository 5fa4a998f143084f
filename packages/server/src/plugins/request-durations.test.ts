import { Histogram, Registry, type Metric } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations';

const NAME = 'dilosi_http_request_duration_seconds';
const HELP = 'HTTP request duration by route and status';
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Observations across routes and statuses, on bounds, between them and above the last. */
const OBSERVATIONS: [string, string, string, number][] = [
  ['POST', '/api/validation/document', '200', 0.0015],
  ['POST', '/api/validation/document', '200', 0.002],
  ['POST', '/api/validation/document', '200', 0.0031],
  ['POST', '/api/validation/document', '404', 0.004],
  ['GET', '/api/users/me', '200', 0.3],
  ['POST', '/api/validation/document', '200', 2.5],
  ['POST', '/api/validation/document', '200', 7.25],
  ['GET', 'unmatched', '404', 0],
  ['GET', '/api/users/me', '401', 0.0099],
];

/** The same observations in prom-client's own Histogram and in ours, each in its registry. */
function registries() {
  const reference = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [reference],
  });
  const ours = new Registry();
  const durations = new RequestDurations(NAME, HELP, BUCKETS);
  ours.registerMetric(durations as unknown as Metric);
  for (const [method, route, status, seconds] of OBSERVATIONS) {
    histogram.labels({ method, route, status }).observe(seconds);
    durations.observe(method, route, status, seconds);
  }
  return { reference, ours, durations };
}

describe('RequestDurations', () => {
  it('reads on /metrics exactly as prom-client’s Histogram with the same observations', async () => {
    const { reference, ours } = registries();
    const text = await ours.metrics();
    expect(text).toBe(await reference.metrics());
    expect(text).toContain(
      `${NAME}_bucket{le="0.002",method="POST",route="/api/validation/document",status="200"} 2`,
    );
    expect(text).toContain(
      `${NAME}_bucket{le="+Inf",method="POST",route="/api/validation/document",status="200"} 5`,
    );
    expect(text).toContain(`${NAME}_count{method="GET",route="/api/users/me",status="401"} 1`);
  });

  it('answers the same JSON as prom-client’s Histogram', async () => {
    const { reference, ours } = registries();
    expect(await ours.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
  });

  it('ignores a value that is not a finite number, and starts over on reset', async () => {
    const { ours, durations } = registries();
    durations.observe('GET', '/api/users/me', '200', Number.NaN);
    expect(await ours.metrics()).toContain(
      `${NAME}_count{method="GET",route="/api/users/me",status="200"} 1`,
    );
    durations.reset();
    expect(await ours.metrics()).not.toContain(`${NAME}_count`);
  });
});
