import { defineModule } from '../../lib/define-module.ts';
import { createJobs, type Jobs, jobsConnectionOf } from './jobs.service.ts';

declare module '../../lib/define-module.ts' {
  interface ModuleServices {
    jobs: Jobs;
  }
}

/**
 * Jobs: everything that runs later or again (mail, purges, and soon push, reminders and webhook retries), on the
 * database (pg-boss, decision 012). Modules that need it define their kinds and schedules while they are built; the
 * queue starts when the app is ready, and works only in processes that run background work.
 */
export const jobsModule = defineModule({
  name: 'jobs',
  services: ({ database, work, log }) => createJobs({ connection: jobsConnectionOf(database), work, log }),
  appHooks: (app, jobs, { startWorkers }) => {
    app.addHook('onReady', () => jobs.start({ work: startWorkers }));
    app.addHook('onClose', () => jobs.stop());
  },
});
