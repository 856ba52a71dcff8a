import { defineModule } from '../../lib/define-module.ts';
import { createMailRepository } from './mail.repository.ts';
import { createMailService, type MailService } from './mail.service.ts';
import { createLocalMailboxTransport, createSmtpTransport } from './mail-transport.ts';
import { registerMailboxRoutes } from './mailbox.routes.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    mail: MailService;
  }
}

/** Mail: the outbox, its sender, and the local mailbox at /dev/mailbox when no SMTP server is configured. */
export const mailModule = defineModule({
  name: 'mail',
  needs: ['jobs'],
  services: ({ work, config, now, log }, { jobs }) => {
    const repository = createMailRepository(work.db);
    const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createLocalMailboxTransport(repository);
    return createMailService({ repository, transport, jobs, transaction: work.transaction, now, log });
  },
  routes: (scope, mail) => {
    if (mail.transportKind === 'local') registerMailboxRoutes(scope, mail);
  },
});
