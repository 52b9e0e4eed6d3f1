import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { simMail } from '../../db/schema';
import type { Db } from '../db/database';

export interface MailCatcher {
  listen(): Promise<void>;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? '')).filter(Boolean);
}

/**
 * A real SMTP server on loopback that keeps every message it receives (sim_mail), for simulator
 * deployments: notification e-mail travels the whole way (nodemailer → SMTP → a mailbox) offline,
 * and the outbox page on the simulator's origin shows what arrived.
 */
export function createMailCatcher(options: { db: Db; port: number; host?: string }): MailCatcher {
  const server = new SMTPServer({
    name: 'titlewise-mail-catcher',
    banner: 'Titlewise mail catcher (simulator deployments only)',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: 1024 * 1024,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const headers: Record<string, string> = {};
          for (const [key, value] of parsed.headerLines.map((line) => [line.key, line.line] as const)) {
            headers[key] = value.slice(value.indexOf(':') + 1).trim();
          }
          const envelopeTo = session.envelope.rcptTo.map((to) => to.address);
          await options.db.insert(simMail).values({
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? null,
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
            hasUnsubscribe: 'list-unsubscribe' in headers,
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host ?? '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
