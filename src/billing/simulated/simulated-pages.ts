import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../../db/schema/users';
import { AppError, badRequest, notFound, publicMessage, unauthorized } from '../../errors/app-error';
import type { PlainRouteRegistry } from '../../api/declare/plain-routes';
import { paidPlans } from '../billing.schemas';
import { planDetails, planForPrice } from '../checkout-plans';
import { findObject, type SimCheckoutSession, type SimCustomer } from './objects';
import { SIMULATED_CHECKOUT_PATH, SIMULATED_PORTAL_PATH } from './simulated-provider';
import {
  actInSimulatedPortal,
  completeSimulatedCheckout,
  ownCheckout,
  simulatedPortal,
  type PortalAction,
} from './simulated-stripe';
import { escapeHtml } from '../../http/escape-html';
import type { BillingContext } from '../billing-context';

const escape = escapeHtml;

const styles = `
  body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f4f7;color:#1f2330}
  main{max-width:440px;margin:48px auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
  h1{font-size:22px;margin:0 0 4px} .muted{color:#5c6270;font-size:14px}
  .notice{background:#fff4d6;border:1px solid #e9c46a;border-radius:8px;padding:10px 12px;font-size:14px;margin:16px 0}
  .price{font-size:32px;font-weight:800;margin:16px 0 4px} form{margin:12px 0 0}
  button{width:100%;padding:12px;border:0;border-radius:8px;background:#5b3fd6;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
  button.secondary{background:#fff;color:#1f2330;border:1px solid #c9ccd6} button.danger{background:#fff;color:#b42318;border:1px solid #f1b5ae}
  a{color:#5b3fd6} .row{display:flex;justify-content:space-between;margin:6px 0;font-size:15px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

const simulatedNotice =
  '<p class="notice" role="note">Simulated Stripe: no card is charged and nothing leaves this machine. Set STRIPE_SECRET_KEY to use real Stripe.</p>';

function sendPage(reply: FastifyReply, title: string, body: string, status = 200) {
  // With the app-wide no-referrer policy a browser posts these forms with `Origin: null`, which
  // the same-origin guard refuses; same-origin keeps the real origin on our own posts only.
  return reply
    .code(status)
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

function errorPage(reply: FastifyReply, error: unknown) {
  const { status, message } = publicMessage(error);
  const next =
    status === 401
      ? '<p><a href="/login">Sign in</a></p>'
      : '<p><a href="/paywall">Back to the plans</a></p>';
  return sendPage(
    reply,
    'Checkout',
    `<h1>Something is not right</h1><p>${escape(message)}</p>${next}`,
    status,
  );
}

/**
 * Each page and action belongs to the signed-in user who opened it (src/billing/simulated/
 * simulated-stripe.ts checks whose it is); a malformed id is as unknown as a well-formed one.
 */
function pageRequest(request: FastifyRequest, kind: 'cs' | 'bps'): { id: string; viewer: UserRow } {
  const viewer = request.auth?.user;
  if (!viewer) throw unauthorized('Please sign in to open this page.');
  const { id } = request.params as { id: string };
  if (!new RegExp(`^${kind}_sim_[0-9a-f]{24}$`).test(id))
    throw notFound(kind === 'cs' ? 'Checkout session' : 'Billing portal session');
  return { id, viewer };
}

const switchBody = z.object({ plan: z.enum(paidPlans) });
const portalActions = new Map<string, (body: unknown) => PortalAction>([
  [
    'switch',
    (body) => {
      const parsed = switchBody.safeParse(body);
      if (!parsed.success) throw badRequest(`Choose a plan to switch to: ${paidPlans.join(' or ')}.`);
      return { kind: 'switch', plan: parsed.data.plan };
    },
  ],
  ['cancel', () => ({ kind: 'cancel' })],
  ['fail-payment', () => ({ kind: 'fail-payment' })],
  ['pay', () => ({ kind: 'pay' })],
]);

/**
 * The simulated Stripe's checkout and portal pages, served by Titlewise when no Stripe key is
 * set. Plain HTML forms (no script, so the app's CSP holds); posts come from our own origin.
 */
export async function registerSimulatedStripePages(
  fastify: FastifyInstance,
  ctx: BillingContext,
  registry: PlainRouteRegistry,
): Promise<void> {
  await fastify.register(async (scope) => {
    await scope.register(formbody);

    scope.get(`${SIMULATED_CHECKOUT_PATH}/:id`, async (request, reply) => {
      try {
        const { id, viewer } = pageRequest(request, 'cs');
        const found = await findObject<SimCheckoutSession>(ctx.db, id, 'checkout.session');
        const session = ownCheckout(ctx, found, viewer);
        const customer = await findObject<SimCustomer>(ctx.db, session.customer, 'customer');
        const plan = planDetails[planForPrice(ctx.config, session.price) ?? 'pro'];
        if (session.status !== 'open') {
          return sendPage(
            reply,
            'Checkout complete',
            `<h1>Checkout complete</h1><p>You are subscribed to Titlewise ${plan.name}.</p><p><a href="/dashboard">Go to your dashboard</a></p>`,
          );
        }
        return sendPage(
          reply,
          `Subscribe to Titlewise ${plan.name}`,
          `<p class="muted">Titlewise</p><h1>Subscribe to Titlewise ${plan.name}</h1>${simulatedNotice}
          <p class="price">$${plan.monthlyUsd.toFixed(2)}</p><p class="muted">per month, billed monthly</p>
          <div class="row"><span>Email</span><span>${escape(customer?.email ?? '')}</span></div>
          <form method="post" action="${SIMULATED_CHECKOUT_PATH}/${id}/pay"><button type="submit">Subscribe</button></form>
          <p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>`,
        );
      } catch (error) {
        return errorPage(reply, error);
      }
    });

    scope.post(`${SIMULATED_CHECKOUT_PATH}/:id/pay`, async (request, reply) => {
      try {
        const { id, viewer } = pageRequest(request, 'cs');
        return await reply.redirect(await completeSimulatedCheckout(ctx, id, viewer), 303);
      } catch (error) {
        return errorPage(reply, error);
      }
    });

    scope.get(`${SIMULATED_PORTAL_PATH}/:id`, async (request, reply) => {
      try {
        const { id, viewer } = pageRequest(request, 'bps');
        const { portal, subscription } = await simulatedPortal(ctx, id, viewer);
        const planId = subscription
          ? planForPrice(ctx.config, subscription.items.data[0]?.price.id ?? null)
          : null;
        const action = (name: string, label: string, kind = '', extra = '') =>
          `<form method="post" action="${SIMULATED_PORTAL_PATH}/${id}/${name}">${extra}<button type="submit" class="${kind}">${label}</button></form>`;
        const live = subscription && subscription.status !== 'canceled';
        const other = planId === 'authority' ? 'pro' : 'authority';
        const body = live
          ? `<div class="row"><span>Plan</span><strong>Titlewise ${planId ? planDetails[planId].name : 'unknown plan'}</strong></div>
             <div class="row"><span>Status</span><span>${subscription.status === 'past_due' ? 'Payment failed, retrying' : 'Active'}</span></div>
             ${action('switch', `Switch to ${planDetails[other].name} ($${planDetails[other].monthlyUsd}/month)`, 'secondary', `<input type="hidden" name="plan" value="${other}">`)}
             ${subscription.status === 'past_due' ? action('pay', 'Pay the open invoice', 'secondary') : action('fail-payment', 'Simulate a failed renewal payment', 'secondary')}
             ${action('cancel', 'Cancel subscription', 'danger')}`
          : '<p>You have no active subscription.</p>';
        return sendPage(
          reply,
          'Manage your subscription',
          `<p class="muted">Titlewise</p><h1>Manage your subscription</h1>${simulatedNotice}${body}<p><a href="${escape(portal.return_url)}">Return to Titlewise</a></p>`,
        );
      } catch (error) {
        return errorPage(reply, error);
      }
    });

    scope.post(`${SIMULATED_PORTAL_PATH}/:id/:action`, async (request, reply) => {
      try {
        const { id, viewer } = pageRequest(request, 'bps');
        const toAction = portalActions.get((request.params as { action: string }).action);
        if (!toAction)
          throw new AppError('NOT_FOUND', `No portal action; try ${[...portalActions.keys()].join(', ')}.`);
        await actInSimulatedPortal(ctx, id, viewer, toAction(request.body));
        return await reply.redirect(`${SIMULATED_PORTAL_PATH}/${id}`, 303);
      } catch (error) {
        return errorPage(reply, error);
      }
    });
  });

  for (const [method, path, summary] of [
    ['get', `${SIMULATED_CHECKOUT_PATH}/{id}`, 'Simulated Stripe checkout page (no Stripe key configured)'],
    [
      'post',
      `${SIMULATED_CHECKOUT_PATH}/{id}/pay`,
      'Pay on the simulated checkout (redirects to the success URL)',
    ],
    ['get', `${SIMULATED_PORTAL_PATH}/{id}`, 'Simulated Stripe Customer Portal page'],
    [
      'post',
      `${SIMULATED_PORTAL_PATH}/{id}/{action}`,
      'Act in the simulated portal: switch, cancel, fail-payment, pay',
    ],
  ] as const) {
    registry.add({
      method,
      path,
      summary,
      tags: ['billing'],
      // The user who opened the page (anyone else gets 404); it lapses an hour after it was opened.
      auth: 'user',
      // The pages answer HTML; the actions redirect (303) to where Stripe would send the browser.
      successStatus: method === 'get' ? 200 : 303,
      responseDescription:
        method === 'get'
          ? 'An HTML page'
          : 'Redirect (303) to the return URL, or an HTML page saying why not',
    });
  }
}
