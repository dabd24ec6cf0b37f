// The tally both load generators keep of the measured period (closed loop: load-worker.mjs; open
// loop: open-load-worker.mjs): every answer's latency, network errors (status 0) and non-2xx
// answers by status, and the message the main thread reads when the period is over.
export function loadTally() {
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const failures = {};
  return {
    record(r) {
      if (r.status === 0) errors += 1;
      else if (r.status < 200 || r.status >= 300) non2xx += 1;
      if (r.status < 200 || r.status >= 300) failures[r.status] = (failures[r.status] ?? 0) + 1;
      latencies.push(r.ms);
    },
    done(seconds) {
      latencies.sort((a, b) => a - b);
      const quantile = (q) =>
        latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0;
      return {
        phase: 'done',
        requests: latencies.length,
        seconds,
        rps: latencies.length / seconds,
        p50: quantile(0.5),
        p99: quantile(0.99),
        max: latencies.at(-1) ?? 0,
        errors,
        non2xx,
        failures,
      };
    },
  };
}
