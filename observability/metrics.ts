// Prometheus registries (prom-client). Each process part (the API app, a worker) owns a registry
// rather than prom-client's global one, so tests can run API and workers in one process without
// metric name clashes, and each registry carries the default process metrics (resident memory,
// heap, event loop lag, GC, open handles) under their standard names (process_*, nodejs_*).
import { collectDefaultMetrics, Registry } from 'prom-client';

export function createRegistry(service: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Latency buckets (seconds) shared by HTTP requests and activities: 5 ms .. 60 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * `make(registry)` made once per registry and kept for it: a worker or sync started again in the same
 * process (tests, a restart) keeps counting on the same metrics, which prom-client registers once.
 */
export function oncePerRegistry<T>(make: (registry: Registry) => T): (registry: Registry) => T {
  const made = new WeakMap<Registry, T>();
  return (registry) => {
    if (!made.has(registry)) made.set(registry, make(registry));
    return made.get(registry) as T;
  };
}
