import net from 'node:net';
import { createTransport, type Transporter } from 'nodemailer';
import { createLogger } from '@portal/service-common/logger';

export interface OutgoingMail {
  /** One address, or several separated by commas. */
  to: string; subject: string; text: string; html: string;
  /** The template's sender (address and name); else the portal's MAIL_FROM. */
  from?: { address: string; name: string };
  bcc?: string;
  /** Local part of a stable Message-ID (`<messageId@sender's domain>`); a resend repeats it. */
  messageId?: string;
}
export interface Mailer { send(mail: OutgoingMail): Promise<void>; close(): void }
export const MAILER = Symbol('Mailer');

/** DKIM signing (nodemailer's `dkim` option): the sender domain, the DNS selector and the PEM private key. */
export interface DkimOptions { domainName: string; keySelector: string; privateKey: string }

/**
 * Whether an SMTP failure is permanent (a 5xx answer: the server refused this mail for good, a
 * bounce) rather than passing (no connection, a 4xx, a timeout: tried again later).
 */
export function isPermanentSmtpFailure(err: unknown): boolean {
  const code = (err as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the log keeps of a failure: SMTP's answer or the error's code and message (no credentials: the URL is never in them). */
export function describeSmtpFailure(err: unknown): string {
  const e = err as { response?: string; code?: string; message?: string } | null;
  return (e?.response ?? [e?.code, e?.message].filter(Boolean).join(': ') ?? 'unknown').slice(0, 500);
}

type SocketCallback = (error: Error | null, socketOptions?: { connection: net.Socket }) => void;

/**
 * Real SMTP through nodemailer (DESIGN §6); in all-in-one mode the URL points at the sink. One
 * pooled connection is reused from mail to mail. On plain smtp:// the socket is opened here with
 * Nagle's algorithm off: SMTP is a conversation of small writes, and Nagle with the server's
 * delayed ACK cost ~44 ms per mail (1 ms without; measured by `npm run bench -- csv-invite`).
 * STARTTLS upgrades this socket as usual; smtps:// is left to nodemailer.
 */
export class SmtpMailer implements Mailer {
  private readonly transporter: Transporter;
  private readonly log = createLogger('SmtpMailer');
  constructor(smtpUrl: string, private readonly from: string, dkim?: DkimOptions) {
    const url = new URL(smtpUrl);
    const secure = url.protocol === 'smtps:';
    this.transporter = createTransport({
      host: url.hostname, port: Number(url.port) || (secure ? 465 : 25), secure, pool: true,
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      ...(secure ? {} : { getSocket: openWithoutNagle }),
      // DKIM (issue 12, slice A): nodemailer signs every message; the key never reaches a log.
      ...(dkim ? { dkim: { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: dkim.privateKey } } : {}),
    } as Parameters<typeof createTransport>[0]);
    // A failed send rejects its own promise (and the outbox retries it); a transport-level error
    // must not become an uncaught exception of the whole service.
    this.transporter.on('error', (err: Error) => this.log.warn({ err }, 'SMTP transport error'));
  }
  async send(mail: OutgoingMail): Promise<void> {
    const { messageId, from, bcc, ...content } = mail;
    const sender = from?.address ? (from.name ? { name: from.name, address: from.address } : from.address) : this.from;
    await this.transporter.sendMail({
      from: sender, ...content, ...(bcc ? { bcc } : {}),
      ...(messageId ? { messageId: `<${messageId}@${this.domain}>` } : {}),
    });
  }

  /** The domain of the portal's sender address, for Message-IDs (stable whatever a template's sender is). */
  private get domain(): string {
    return /@([^>\s]+)>?\s*$/.exec(this.from)?.[1] ?? 'portal.invalid';
  }
  close(): void {
    this.transporter.close();
  }
}

function openWithoutNagle(options: { host?: string; port?: number }, callback: SocketCallback): void {
  const socket = net.connect(options.port ?? 25, options.host ?? 'localhost');
  socket.setNoDelay(true);
  const failed = (error: Error) => callback(error);
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.off('error', failed);
    callback(null, { connection: socket });
  });
}
