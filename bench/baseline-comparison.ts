// What bench/api.ts and bench/pages.ts share: a bare baseline and the production app on each database, their
// targets loaded in the same rounds, one table of figures with the ratio to the baseline, the memory, and notes.
import {
  buildWebApp,
  checkTarget,
  describeMachine,
  type LoadTarget,
  measureTargets,
  printTable,
  readLoadSettings,
  report,
  runBench,
  startChildServer,
  type TargetFigures,
} from './harness.ts';
import { baselineNodeArgs, forEachDatabase, type ProductionServer } from './production-server.ts';

export interface ComparedTarget {
  name: string;
  target: LoadTarget;
}

/** A column of a bench's own between the ratio and the memory: its header and each row's cell. */
export interface ExtraColumn {
  header: string;
  cell: (index: number, figures: TargetFigures) => string;
}

export function runBaselineComparison(options: {
  bench: string;
  /** What is measured, for the first line ("API calls under load"). */
  title: string;
  targetsPerDatabase: number;
  baseline: { script: string; name: string; ratioHeader: string };
  headers: { name: string; rate: string };
  /**
   * The app's targets on one database, the extra columns of every row (the baseline's first), filled before the
   * load, and a note for the end.
   */
  prepare(
    app: ProductionServer,
    memberCookie: string,
    baseline: LoadTarget,
  ): Promise<{ targets: ComparedTarget[]; columns?: ExtraColumn[]; note: string }>;
}): Promise<void> {
  const { seconds, warmUpSeconds, rounds, seedProfiles, databases, limitSeconds } = readLoadSettings(
    options.targetsPerDatabase,
  );
  return runBench(options.bench, limitSeconds, async () => {
    console.log(
      `${options.title}: 10 connections, ${seconds} s per run, median of ${rounds} runs after ${warmUpSeconds} s of warm-up each`,
    );
    console.log(`machine at start: ${describeMachine()}`);
    buildWebApp();
    // With the app's own Node flags, so that the ratio compares the same V8.
    const baseline = await startChildServer({
      script: options.baseline.script,
      nodeArgs: baselineNodeArgs,
      env: { NODE_ENV: 'production' },
    });
    const baselineTarget: ComparedTarget = {
      name: options.baseline.name,
      target: { url: `${baseline.origin}/`, headers: {}, pid: baseline.pid },
    };
    let header: string[] = [];
    const rows: string[][] = [];
    const memory: string[] = [];
    const notes: string[] = [];
    await forEachDatabase({ databases, seedProfiles }, async (app, cookie) => {
      const { targets: appTargets, columns = [], note } = await options.prepare(app, cookie, baselineTarget.target);
      const targets = [baselineTarget, ...appTargets];
      for (const { target } of targets) await checkTarget(target);
      const figures = await measureTargets(
        targets.map((entry) => entry.target),
        { seconds, warmUpSeconds, rounds },
        report,
      );
      const baselineRate = figures[0]!.requestsPerSecond;
      const baselineCpu = figures[0]!.cpuMicrosPerAnswer;
      header = [
        options.headers.name,
        'database',
        options.headers.rate,
        'p50 ms',
        'p99 ms',
        options.baseline.ratioHeader,
        'CPU µs',
        'CPU ratio',
        'cold CPU µs',
        ...columns.map((column) => column.header),
        'RSS MB',
        'failed',
      ];
      for (const [index, { name }] of targets.entries()) {
        const row = figures[index]!;
        rows.push([
          name,
          index === 0 ? '–' : app.database,
          row.requestsPerSecond.toFixed(0),
          row.p50.toFixed(1),
          row.p99.toFixed(1),
          (row.requestsPerSecond / baselineRate).toFixed(3),
          row.cpuMicrosPerAnswer.toFixed(0),
          row.cpuMicrosPerAnswer ? (baselineCpu / row.cpuMicrosPerAnswer).toFixed(3) : '–',
          row.coldCpuMicrosPerAnswer.toFixed(0),
          ...columns.map((column) => column.cell(index, row)),
          row.rssMegabytes.toFixed(0),
          `${row.failed}/${row.requests}${row.failed ? ` (${row.statusCodes})` : ''}`,
        ]);
      }
      memory.push(`${app.database} ${figures.at(-1)!.rssMegabytes.toFixed(0)} MB`);
      notes.push(note);
    });
    await baseline.stop();
    console.log('');
    printTable(header, rows);
    console.log(`\nserver RSS after the load run: ${memory.join(', ')}`);
    console.log(
      `${options.baseline.name} rows: the baseline, measured in the same rounds as the targets below it (${options.baseline.ratioHeader} uses it)`,
    );
    for (const note of notes) console.log(note);
    console.log(`machine at end: ${describeMachine()}`);
  });
}
