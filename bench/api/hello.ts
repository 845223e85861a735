/**
 * The yardstick of `npm run bench:api`: a bare Fastify (the shop's own version) answering "hello"
 * with no logging, no hooks and no plugins. Run as a child process by bench/api/index.ts so it,
 * like the real server, has a process of its own beside the load generator. Prints
 * `hello at http://127.0.0.1:<port>` once it listens; SIGTERM closes it.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`hello at ${address}`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
