import nodemailer from 'nodemailer';
import type { MailRepository } from './mail.repository.ts';

interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (`List-Unsubscribe` on notification mails). */
  headers?: Record<string, string>;
}

/** Where mails go: an SMTP server in production, the local mailbox when there is none. */
export interface MailTransport {
  kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export function createSmtpTransport(url: string): MailTransport {
  // Well under the job's lease (300 s): a hung send must fail before the queue hands the mail to another worker.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(mail);
    },
    async close() {
      transporter.close();
    },
  };
}

export function createLocalMailboxTransport(repository: MailRepository): MailTransport {
  return {
    kind: 'local',
    async send(mail) {
      await repository.insertLocalMail({
        fromAddress: mail.from,
        toAddress: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    async close() {},
  };
}
