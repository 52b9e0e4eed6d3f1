import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { simMail } from '../../db/schema';
import type { Db } from '../db/database';
import { escapeHtml } from '../http/escape-html';

const OUTBOX_LIMIT = 100;

const styles = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f8f9fa;color:#212529}
main{max-width:860px;margin:0 auto;padding:24px}h1{font-size:24px}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #dee2e6;vertical-align:top}a{color:#5f3dc4}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;padding:12px;border:1px solid #dee2e6}
dt{font-weight:600}pre{white-space:pre-wrap;background:#fff;border:1px solid #dee2e6;padding:12px}
iframe{width:100%;height:480px;border:1px solid #dee2e6;background:#fff}.muted{color:#495057}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/**
 * The outbox of the built-in mail catcher, on the simulator's origin: /outbox lists what arrived
 * (newest first), /outbox/:id shows one message with its headers, text and HTML parts, and
 * /control/outbox answers the same as JSON (for tests and tools).
 */
export function registerOutboxRoutes(fastify: FastifyInstance, db: Db): void {
  fastify.get('/control/outbox', async (request) => {
    const { to } = z.object({ to: z.string().optional() }).parse(request.query);
    const rows = await db.select().from(simMail).orderBy(desc(simMail.receivedAt)).limit(OUTBOX_LIMIT);
    return rows.filter((row) => !to || row.envelopeTo.includes(to.toLowerCase()));
  });

  fastify.get('/outbox', async (_request, reply) => {
    const rows = await db.select().from(simMail).orderBy(desc(simMail.receivedAt)).limit(OUTBOX_LIMIT);
    const list =
      rows.length === 0
        ? '<p class="muted">No e-mail yet. Notifications appear here when a test starts, ends or needs attention.</p>'
        : `<table><thead><tr><th scope="col">Received (UTC)</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows
            .map(
              (row) =>
                `<tr><td>${escapeHtml(time.format(row.receivedAt))}</td><td>${escapeHtml(row.envelopeTo.join(', '))}</td><td><a href="/outbox/${row.id}">${escapeHtml(row.subject || '(no subject)')}</a></td></tr>`,
            )
            .join('')}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Outbox · Titlewise mail catcher',
          `<h1>Outbox</h1><p class="muted">E-mail Titlewise sent on this simulator deployment, caught by its built-in SMTP server. Nothing leaves this machine.</p>${list}`,
        ),
      );
  });

  fastify.get('/outbox/:id', async (request, reply) => {
    const parsed = z.object({ id: z.uuid() }).safeParse(request.params);
    const [row] = parsed.success ? await db.select().from(simMail).where(eq(simMail.id, parsed.data.id)) : [];
    if (!row)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('Not found', '<h1>No such message</h1><p><a href="/outbox">Back to the outbox</a></p>'));
    const shown = ['from', 'to', 'date', 'list-unsubscribe', 'list-unsubscribe-post'];
    const headers = shown
      .filter((key) => row.headers[key])
      .map((key) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(row.headers[key]!)}</dd>`)
      .join('');
    const html = row.html
      ? `<h2>HTML part</h2><iframe title="HTML part of the message" sandbox srcdoc="${escapeHtml(row.html)}"></iframe>`
      : '';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          row.subject,
          `<p><a href="/outbox">← Outbox</a></p><h1>${escapeHtml(row.subject)}</h1><dl>${headers}</dl><h2>Text part</h2><pre>${escapeHtml(row.text ?? '')}</pre>${html}`,
        ),
      );
  });
}
