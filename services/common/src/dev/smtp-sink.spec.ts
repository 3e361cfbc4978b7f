import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from 'nodemailer';
import { SmtpSink } from './smtp-sink.js';

/** Waits for an SMTP reply line that starts with `code` followed by a space. */
function expectReply(socket: Socket, code: string): Promise<void> {
  return new Promise((resolve) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += String(chunk);
      if (!new RegExp(`^${code} `, 'm').test(buffer)) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData);
  });
}

describe('SmtpSink', () => {
  const sink = new SmtpSink();
  afterEach(() => sink.stop());

  it('keeps a mail sent over real SMTP', async () => {
    const port = await sink.start();
    const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'portal@example.com', to: 'a@example.com', subject: 'Hello', text: 'Body 123456' });
    transport.close();
    const [mail] = sink.messages({ to: 'A@example.com' });
    expect(mail).toMatchObject({ subject: 'Hello', from: 'portal@example.com', to: ['a@example.com'] });
    expect(mail!.text).toContain('123456');
  });

  it('survives a sender that resets its connection in the middle of a transaction', async () => {
    const port = await sink.start();
    const socket = connect(port, '127.0.0.1');
    await expectReply(socket, '220');
    socket.write('EHLO test\r\n');
    await expectReply(socket, '250');
    socket.write('MAIL FROM:<portal@example.com>\r\n');
    await expectReply(socket, '250');
    socket.resetAndDestroy();
    // Before the listener existed, this error was emitted with no listener: an uncaught exception.
    await expect.poll(() => sink.errors, { timeout: 5_000 }).toBe(1);
    expect(sink.lastError).toMatch(/ECONNRESET|socket/i);
    // The sink still takes mail afterwards.
    const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'portal@example.com', to: 'b@example.com', subject: 'After', text: 'ok' });
    transport.close();
    expect(sink.messages({ to: 'b@example.com' })).toHaveLength(1);
  });
});
