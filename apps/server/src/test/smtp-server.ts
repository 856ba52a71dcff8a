import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  url: string;
  messages: ParsedMail[];
  /** Connection errors the server reported (a client hanging up mid-session), kept rather than thrown. */
  errors: Error[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, parsed. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const errors: Error[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // Without a listener an 'error' event, such as a reset connection, would be thrown as uncaught.
  server.on('error', (error) => errors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    errors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sends what the outbox holds, then answers the last mail the server received for this address. */
export async function deliverMailTo(
  app: FastifyInstance,
  smtp: TestSmtpServer,
  address: string,
): Promise<ParsedMail | undefined> {
  await app.services.mail.sendQueuedMails();
  const found = smtp.messages.filter((mail) => JSON.stringify(mail.to ?? '').includes(address));
  return found[found.length - 1];
}

/** The link to `path` with its token in a mail's text, or null. */
export function mailLink(mail: ParsedMail | undefined, path: string): URL | null {
  const pattern = new RegExp(`https?://\\S+${path.replace(/\./g, '\\.')}\\?token=[\\w-]+`);
  const match = pattern.exec(mail?.text ?? '');
  return match ? new URL(match[0]) : null;
}
