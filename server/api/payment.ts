/**
 * The payment sandboxes (docs/api.md "Payment sandboxes", ARCHITECTURE.md): the PayPal token and
 * the finance application under /api (bearer token, the caller's own cart only), and the two
 * provider pages under /sandbox (public HTML, as a real provider's page would be) whose Approve /
 * Cancel / Decline buttons send the shopper back to checkout the way the providers do.
 */
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { FINANCE_RETURN_PARAM } from '../../core/checkout/finance';
import type { Database } from '../db/database';
import { ownerOfRequest } from '../http/caller';
import { financePage, messagePage, paypalPage } from '../payment/pages';
import { parseDecision, parseFinanceApplication, parsePaypalTokenQuery } from '../payment/parse';
import { PaymentSandbox } from '../payment/sandbox';
import { answers, checkedByRoute, closed, cents, str } from './schemas/common';
import { FINANCE_APPLICATION } from './schemas/requests';

const describe = (summary: string, description: string): FastifySchema => ({
  tags: ['Payment'],
  summary,
  description,
});

const CHECKOUT = '/en/checkout';

export const paypalReturnUrl = (decision: 'approved' | 'cancelled', token: string): string =>
  `${CHECKOUT}?paypal=${decision}&token=${encodeURIComponent(token)}`;

export const financeReturnUrl = (decision: 'success' | 'failure', applicationId: string): string =>
  `${CHECKOUT}?${FINANCE_RETURN_PARAM}=${decision}&application=${encodeURIComponent(applicationId)}`;

/** The storefront's security headers (server/http/security-headers.ts: CSP with form-action 'self') apply too. */
const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(html);

const queryText = (query: unknown, key: string): string => {
  if (typeof query !== 'object' || query === null) return '';
  const value = (query as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
};

const notFoundPage = (reply: FastifyReply, what: string) =>
  sendPage(
    reply,
    404,
    messagePage(
      `${what} not found`,
      `This ${what.toLowerCase()} does not exist or has expired. Go back to checkout and start again.`,
    ),
  );

export const paymentRoutes = (app: FastifyInstance, db: Database): void => {
  const sandbox = new PaymentSandbox(db);

  app.get(
    '/api/payment/paypal/getToken',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Start a PayPal payment (sandbox)',
          "Query `cartId` (the caller's non-empty cart) → `{token, approvalUrl: '/sandbox/paypal?token=…', amountCents, currency}`. The approval page sends the shopper to `/en/checkout?paypal=approved&token=…` (or `paypal=cancelled`); the token then pays with `POST /api/checkout/payment` `{method: 'paypal', paypalToken}`. Not the caller's cart → 404; empty cart → 400 `EmptyCart`.",
        ),
        querystring: closed({ cartId: str('The caller’s cart') }, ['cartId']),
        response: answers(
          {
            200: closed(
              { token: str(), approvalUrl: str(), amountCents: cents(), currency: str() },
              ['token', 'approvalUrl', 'amountCents', 'currency'],
            ),
          },
          { errors: [404] },
        ),
      },
    },
    async (request) => {
      const owner = ownerOfRequest(request);
      const { cartId } = parsePaypalTokenQuery(request.query);
      const token = await sandbox.createPaypalToken(owner, cartId);
      return {
        token: token.token,
        approvalUrl: `/sandbox/paypal?token=${encodeURIComponent(token.token)}`,
        amountCents: token.amountCents,
        currency: token.currency,
      };
    },
  );

  app.post(
    '/api/payment/finance/application',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Apply for the finance plan (sandbox)',
          "Body core/checkout/finance.ts `FinanceApplicationRequest`: `{finance_plan_id, deposit_percentage, applicants:[{firstName, lastName, email, phoneNumber}], order_items:[{name, quantity, price (cents)}] (with the tax line), urls:{merchant_redirect_url, merchant_checkout_url}, metadata:{cartId, version, paymentSource, planOption}}` → 201 `{id, urls:{application_url: '/sandbox/finance?application=…'}}`. The application page sends the shopper to `/en/checkout?paydiv=success|failure&application=…`; an approved application pays with `POST /api/checkout/payment` `{method: 'finance', applicationId}`. Bad field → 400 naming it; the cart's total or the items' total outside $350–$15,000 → 400 `FinanceIneligibleAmount`; not the caller's cart → 404; stale `metadata.version` → 409 `ConcurrentModification`.",
        ),
        body: FINANCE_APPLICATION,
        response: answers(
          {
            201: closed(
              { id: str(), urls: closed({ application_url: str() }, ['application_url']) },
              ['id', 'urls'],
            ),
          },
          { errors: [404, 409] },
        ),
      },
    },
    async (request, reply) => {
      const owner = ownerOfRequest(request);
      const body = parseFinanceApplication(request.body);
      const application = await sandbox.createFinanceApplication(owner, body);
      return reply.code(201).send({
        id: application.id,
        urls: {
          application_url: `/sandbox/finance?application=${encodeURIComponent(application.id)}`,
        },
      });
    },
  );

  // The provider pages: public, server-rendered, with form posts parsed in this scope only.
  void app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        done(null, Object.fromEntries(new URLSearchParams(text)));
      },
    );

    pages.get('/sandbox/paypal', async (request, reply) => {
      const token = await sandbox.paypalToken(queryText(request.query, 'token'));
      if (token === null || token.expired) return notFoundPage(reply, 'PayPal payment');
      if (token.status !== 'pending') {
        return reply.redirect(
          paypalReturnUrl(token.status === 'approved' ? 'approved' : 'cancelled', token.token),
          303,
        );
      }
      return sendPage(reply, 200, paypalPage(token));
    });

    pages.post('/sandbox/paypal', async (request, reply) => {
      const form = parseDecision(request.body, 'token', ['approve', 'cancel'] as const);
      if (form === null) {
        return sendPage(reply, 400, messagePage('Bad request', 'Choose Approve or Cancel.'));
      }
      const token = await sandbox.decidePaypal(form.id, form.decision === 'approve');
      if (token === null) return notFoundPage(reply, 'PayPal payment');
      return reply.redirect(
        paypalReturnUrl(token.status === 'approved' ? 'approved' : 'cancelled', token.token),
        303,
      );
    });

    pages.get('/sandbox/finance', async (request, reply) => {
      const application = await sandbox.financeApplication(queryText(request.query, 'application'));
      if (application === null || application.expired) {
        return notFoundPage(reply, 'Finance application');
      }
      if (application.status !== 'pending') {
        return reply.redirect(
          financeReturnUrl(
            application.status === 'approved' ? 'success' : 'failure',
            application.id,
          ),
          303,
        );
      }
      return sendPage(reply, 200, financePage(application));
    });

    pages.post('/sandbox/finance', async (request, reply) => {
      const form = parseDecision(request.body, 'application', ['approve', 'decline'] as const);
      if (form === null) {
        return sendPage(reply, 400, messagePage('Bad request', 'Choose Approve or Decline.'));
      }
      const application = await sandbox.decideFinance(form.id, form.decision === 'approve');
      if (application === null) return notFoundPage(reply, 'Finance application');
      return reply.redirect(
        financeReturnUrl(application.status === 'approved' ? 'success' : 'failure', application.id),
        303,
      );
    });
  });
};
