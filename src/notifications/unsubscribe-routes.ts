import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context/service-context';
import { escapeHtml } from '../http/escape-html';
import type { PlainRouteRegistry } from '../api/declare/plain-routes';
import { NOTIFICATION_KIND_LABELS } from '../shared/notification-kinds';
import { unsubscribe } from './notifications.service';
import { unsubscribeQuerySchema } from './notifications.schemas';
import { isValidUnsubscribe, UNSUBSCRIBE_PATH } from './unsubscribe-link';

function page(title: string, message: string, form = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Titlewise</title><style>body{font:16px/1.5 system-ui,sans-serif;color:#212529;background:#f8f9fa;margin:0}main{max-width:520px;margin:64px auto;padding:24px;background:#fff;border:1px solid #dee2e6;border-radius:8px}button{font:inherit;padding:8px 16px;border-radius:6px;border:none;background:#c92a2a;color:#fff;cursor:pointer}a{color:#5f3dc4}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${form}<p><a href="/dashboard">Open Titlewise</a></p></main></body></html>`;
}

/**
 * The unsubscribe link of every e-mail. GET shows a page with one button (link scanners follow
 * GETs, so a GET changes nothing); POST turns the kind off: from that button, or from the mail
 * client's one-click unsubscribe (RFC 8058: List-Unsubscribe-Post). The link's HMAC is the proof;
 * no session is needed.
 */
export async function registerUnsubscribeRoutes(
  root: FastifyInstance,
  ctx: ServiceContext,
  registry: PlainRouteRegistry,
): Promise<void> {
  await root.register(async (fastify) => {
    // A mail client's one-click POST is form-encoded (List-Unsubscribe=One-Click); its body says
    // nothing the link does not, so it is accepted and ignored, on these routes only.
    fastify.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, _body, done) => done(null, {}),
    );
    unsubscribeRoutes(fastify, ctx);
  });
  for (const method of ['get', 'post'] as const)
    registry.add({
      method,
      path: UNSUBSCRIBE_PATH,
      summary:
        method === 'get'
          ? 'The unsubscribe page of a notification e-mail (changes nothing)'
          : 'One-click unsubscribe from one kind of notification e-mail (RFC 8058)',
      tags: ['notifications'],
      auth: 'public',
      query: unsubscribeQuerySchema,
      successStatus: 200,
      responseDescription: 'An HTML page',
    });
}

function unsubscribeRoutes(fastify: FastifyInstance, ctx: ServiceContext): void {
  const parse = (query: unknown) => {
    const parsed = unsubscribeQuerySchema.safeParse(query);
    return parsed.success && isValidUnsubscribe(ctx.config, parsed.data.u, parsed.data.k, parsed.data.t)
      ? parsed.data
      : null;
  };
  const invalid = page(
    'This link does not work',
    'The unsubscribe link is incomplete or was changed. Open Titlewise and change your e-mail settings on the Account page.',
  );
  fastify.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const link = parse(request.query);
    reply.type('text/html; charset=utf-8');
    if (!link) return reply.code(400).send(invalid);
    const label = NOTIFICATION_KIND_LABELS[link.k];
    const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams(link)}`;
    return reply.send(
      page(
        'Stop these e-mails?',
        `You will no longer get “${label}” e-mails from Titlewise. The notifications stay in the app.`,
        `<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these e-mails</button></form>`,
      ),
    );
  });
  fastify.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    const link = parse(request.query);
    reply.type('text/html; charset=utf-8');
    if (!link) return reply.code(400).send(invalid);
    await unsubscribe(ctx, link.u, link.k);
    return reply.send(
      page(
        'Unsubscribed',
        `You will no longer get “${NOTIFICATION_KIND_LABELS[link.k]}” e-mails. You can turn them on again on the Account page.`,
      ),
    );
  });
}
