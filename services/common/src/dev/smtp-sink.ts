import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  id: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  received_at: string;
  /** The mail's Message-ID header (a resent mail repeats it). */
  message_id: string;
}

/**
 * The development SMTP sink (DESIGN §3a): a real SMTP server that keeps what it receives in
 * memory, newest first (the newest 500), for /dev/mailbox and for tests, one per Message-ID. Never
 * started in production.
 */
export class SmtpSink {
  private readonly mails: CaughtMail[] = [];
  private server?: SMTPServer;
  private nextId = 1;
  /** Messages whose DATA arrived but are not stored yet (the sender still waits for its 250). */
  private readonly receiving = new Set<Promise<unknown>>();
  port = 0;
  /** Mails dropped as repeats of a Message-ID already kept. */
  duplicates = 0;
  /** Client connection errors seen (a dropped sender must never crash the sink). */
  errors = 0;
  lastError?: string;

  constructor(private readonly limit = 500) {}

  async start(port = 0, host = '127.0.0.1'): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // No reverse DNS of the sender: on a closed network each lookup waits for its timeout.
      disableReverseLookup: true,
      // Stopping waits at most this long for senders that keep a pooled connection open.
      closeTimeout: 1000,
      logger: false,
      onData: (stream, session, callback) => {
        const stored = simpleParser(stream).then((parsed) => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          // A repeat of a Message-ID already here is the same mail handed over again (a sender that
          // crashed after our 250 and before it recorded the hand-off): accepted, not stored twice,
          // as a receiving mailbox de-duplicates it. Counted in `duplicates`.
          if (parsed.messageId && this.mails.some((m) => m.message_id === parsed.messageId)) {
            this.duplicates++;
            callback();
            return;
          }
          this.mails.unshift({
            id: this.nextId++,
            to,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            received_at: new Date().toISOString(),
            message_id: parsed.messageId ?? '',
          });
          if (this.mails.length > this.limit) this.mails.length = this.limit;
          callback();
        }, (error: Error) => callback(error));
        this.receiving.add(stored);
        void stored.finally(() => this.receiving.delete(stored));
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => {
        this.server!.off('error', reject);
        resolve();
      });
    });
    // smtp-server re-emits every client socket error (ECONNRESET when a sender drops its
    // connection) on the server; without a listener that would be an uncaught exception.
    this.server.on('error', (err: Error) => {
      this.errors++;
      this.lastError = err.message;
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this.port;
  }

  messages(filter?: { to?: string }): CaughtMail[] {
    const to = filter?.to?.toLowerCase();
    return to ? this.mails.filter((m) => m.to.some((t) => t.toLowerCase() === to)) : [...this.mails];
  }

  /** Resolves once every message being received has been stored (tests' settle barrier). */
  async idle(): Promise<void> {
    while (this.receiving.size) await Promise.allSettled([...this.receiving]);
  }

  clear(): void {
    this.mails.length = 0;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}
