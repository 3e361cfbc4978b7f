/** Scenario `fastify-hello`: raw Fastify hello-world in its own process (the baseline). */
import { CpuMeter, freePort, measure, spawnScript, stopChild, waitForStatus, type Scenario } from './lib/harness.js';

export const fastifyHello: Scenario = {
  name: 'fastify-hello',
  description: 'bare Fastify app, GET / -> {"hello":"world"} (own process)',
  async run(load) {
    const port = await freePort();
    const child = spawnScript('scripts/bench/lib/hello-server.ts', [], { PORT: String(port) }, 'hello');
    try {
      const url = `http://127.0.0.1:${port}/`;
      await waitForStatus(url, 200, { timeoutMs: 30_000, child: [child] });
      const cpu = new CpuMeter({ server: child.pid });
      const result = await measure(this.name, url, load, {}, { beforeMeasure: () => cpu.start() });
      const perRequest = cpu.microsecondsPer(result.requests);
      return { ...result, extra: Object.fromEntries(Object.entries(perRequest).map(([k, v]) => [`cpu_us_per_request_${k}`, v])) };
    } finally {
      await stopChild(child);
    }
  },
};
