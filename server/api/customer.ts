import type { FastifyInstance } from 'fastify';

/**
 * GET /api/customer/me — who the bearer token says the caller is. Guests get their anonymousId and
 * persona; the customer fields arrive with accounts.
 */
export const customerRoutes = (app: FastifyInstance): void => {
  app.get('/api/customer/me', async (request) => {
    const auth = request.auth;
    if (auth === null) throw new Error('auth hook did not run');
    const [first] = auth.persona;
    return {
      isAuth: auth.isAuth,
      anonymousId: auth.anonymousId ?? null,
      persona: first?.split(':')[1] ?? 'GST',
      channel: auth.channel,
    };
  });
};
