/** Scenario `fastify-hello`: raw Fastify hello-world in its own process (the baseline). */
import { freePort, measure, spawnScript, stopChild, waitForStatus, type Scenario } from './lib/harness.js';

export const fastifyHello: Scenario = {
  name: 'fastify-hello',
  description: 'bare Fastify app, GET / -> {"hello":"world"} (own process)',
  async run(load) {
    const port = await freePort();
    const child = spawnScript('scripts/bench/lib/hello-server.ts', [], { PORT: String(port) }, 'hello');
    try {
      const url = `http://127.0.0.1:${port}/`;
      await waitForStatus(url, 200, { timeoutMs: 30_000, child: [child] });
      return await measure(this.name, url, load);
    } finally {
      await stopChild(child);
    }
  },
};
