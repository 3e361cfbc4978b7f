/**
 * The baseline of the benchmark: a bare Fastify app answering {"hello":"world"}, nothing else
 * (no plugins, no logger). Started in its own process by scripts/bench/fastify-hello.ts:
 *   PORT=3000 tsx scripts/bench/lib/hello-server.ts
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
