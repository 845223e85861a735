/**
 * The sandbox providers' own pages, rendered on the server: the PayPal approval page and the
 * finance application page. Every value from the database or the request is HTML-escaped; the
 * buttons are plain form posts, so the pages work without JavaScript, and the answer redirects the
 * shopper back to checkout as the real providers do. They name the storefront's icon, as its own
 * pages do, so the browser does not ask for a /favicon.ico that is not there (a 404 in the console).
 */
import { formatMoney, money } from '../../core/shared/money';
import type { FinanceApplication, PaypalToken } from './sandbox';

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin:1rem 0}td,th{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #ccc}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font:inherit;padding:.6rem 1.4rem;border-radius:4px;border:1px solid #1a1a1a;cursor:pointer}
button[value=approve]{background:#0b4f8a;color:#fff;border-color:#0b4f8a}
.note{color:#555;font-size:.9rem}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;

const amount = (cents: number, currency: string): string =>
  escapeHtml(formatMoney(money(cents, currency)));

const decisionForm = (
  action: string,
  idField: string,
  id: string,
  buttons: readonly { value: string; label: string }[],
): string => `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${escapeHtml(idField)}" value="${escapeHtml(id)}">
<div class="actions">
${buttons.map((b) => `<button type="submit" name="decision" value="${escapeHtml(b.value)}">${escapeHtml(b.label)}</button>`).join('\n')}
</div>
</form>`;

export const paypalPage = (token: PaypalToken): string =>
  layout(
    'PayPal sandbox – Lavabo',
    `<h1>PayPal sandbox</h1>
<p>Lavabo asks you to pay <strong>${amount(token.amountCents, token.currency)}</strong> with PayPal.</p>
<p class="note">Token ${escapeHtml(token.token)}. This is a test page: no money moves.</p>
${decisionForm('/sandbox/paypal', 'token', token.token, [
  { value: 'approve', label: 'Approve' },
  { value: 'cancel', label: 'Cancel' },
])}`,
  );

export const financePage = (application: FinanceApplication): string => {
  const { request } = application;
  const applicant = request.applicants[0];
  const rows = request.order_items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td>${item.quantity}</td><td>${amount(item.price * item.quantity, application.currency)}</td></tr>`,
    )
    .join('\n');
  return layout(
    'Finance application sandbox – Lavabo',
    `<h1>Finance application</h1>
<p>${applicant === undefined ? '' : `${escapeHtml(applicant.firstName)} ${escapeHtml(applicant.lastName)}, `}a ${escapeHtml(request.metadata.planOption)} plan for <strong>${amount(application.totalCents, application.currency)}</strong> with a ${request.deposit_percentage}% deposit (plan ${escapeHtml(request.finance_plan_id)}).</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="note">Application ${escapeHtml(application.id)}. This is a test page: no credit check is made.</p>
${decisionForm('/sandbox/finance', 'application', application.id, [
  { value: 'approve', label: 'Approve' },
  { value: 'decline', label: 'Decline' },
])}`,
  );
};

export const messagePage = (title: string, message: string): string =>
  layout(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="/en/checkout">Back to checkout</a></p>`,
  );
