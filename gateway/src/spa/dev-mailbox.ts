import type { FastifyInstance } from 'fastify';
import type { SmtpSink } from '@portal/service-common/dev/smtp-sink';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** /dev/mailbox (page) and /dev/mailbox/messages (JSON), outside production only (DESIGN §3a). */
export function registerDevMailbox(app: FastifyInstance, sink: SmtpSink): void {
  const policy = { access: 'public' } as const;
  app.get('/dev/mailbox/messages', { config: { policy } }, async (request, reply) => {
    const { to } = request.query as { to?: string };
    // x-mailbox-duplicates: repeats of a Message-ID the sink kept only once (a sender's re-send).
    return reply.header('cache-control', 'no-store').header('x-mailbox-duplicates', String(sink.duplicates)).send(sink.messages({ to }).map(({ id, to: rcpt, subject, text, html, received_at, message_id }) => ({ id, to: rcpt, subject, text, html, received_at, message_id })));
  });
  app.delete('/dev/mailbox/messages', { config: { policy } }, async (_request, reply) => {
    sink.clear();
    return reply.code(204).send();
  });
  app.get('/dev/mailbox', { config: { policy } }, async (_request, reply) => {
    const rows = sink.messages().map((m) => `
      <article><header><strong>${escape(m.subject)}</strong><span>${escape(m.to.join(', '))}</span><time>${escape(m.received_at)}</time></header>
      <pre>${escape(m.text)}</pre></article>`).join('');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
      <title>Dev mailbox</title><style>body{font:14px system-ui,sans-serif;margin:2rem auto;max-width:60rem;color:#1f2430}
      article{border:1px solid #dde;border-radius:8px;margin:0 0 1rem;padding:1rem}header{display:flex;gap:1rem;flex-wrap:wrap;margin-bottom:.5rem}
      span,time{color:#667}pre{white-space:pre-wrap;margin:0;font:13px ui-monospace,monospace}</style></head>
      <body><h1>Dev mailbox</h1><p>${sink.messages().length} message(s), newest first. Not available in production.</p>${rows || '<p>No mail yet.</p>'}</body></html>`);
  });
}
