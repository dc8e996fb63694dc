// Baseline for `npm run bench:api`: bare Fastify answering BARE_BODY, no auth or database; its own process, so it shares the machine like nest-api.
import Fastify from 'fastify';

const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/api/current_user', (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(
  () => process.send?.('listening'),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
