/**
 * `npm test`: every check and every test project, in two lanes that run side by side (see
 * LANES), then one summary. Each line of output is prefixed with its step; the summary lists
 * every step with its time and the tests passed, failed and skipped, then each failed test by
 * name (both from tests/support/summary-reporter.ts), and the exit code is 1 when anything
 * failed. A failed step stops the rest of its lane (e2e needs the build), not the other lanes,
 * and not a step that needs nothing of it (ui, the PostgreSQL passes).
 *
 * With a PostgreSQL server (TEST_POSTGRES_URL, an administrator's URL; `.ci/run` starts one) the
 * server project runs again on it (after the unit projects), and the tests of several processes
 * on one database (tests/postgres) run after the journeys. Without one, the summary says those steps did not run
 * and why; they do not fail the run.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { projectRoot } from '../../server/config';
import { FAILED_TEST_MARK } from './summary-reporter';

interface Step {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Why this run cannot take the step (it is reported as not run, not as failed). */
  readonly unavailable?: string;
  /** Needs nothing of the earlier steps of its lane: runs even when one of them failed. */
  readonly independent?: boolean;
}

interface StepResult {
  readonly name: string;
  readonly ok: boolean;
  readonly ms: number;
  /** From the summary reporter's closing line, for test steps. */
  readonly tests?: { readonly passed: number; readonly failed: number; readonly skipped: number };
  /** The summary reporter's lines naming each failed test, repeated in the closing summary. */
  readonly failures: readonly string[];
  /** Not run because an earlier step of its lane failed. */
  readonly skippedBecause?: string;
  /** Not run because this run cannot (no PostgreSQL server); not a failure. */
  readonly notRunBecause?: string;
}

const npmRun = (name: string, script: string): Step => ({
  name,
  command: 'npm',
  args: ['run', '--silent', script],
});

const vitest = (name: string, projects: readonly string[], workers?: number): Step => ({
  name,
  command: 'node_modules/.bin/vitest',
  args: [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...(workers === undefined ? [] : [`--maxWorkers=${workers}`]),
  ],
});

const POSTGRES_URL = process.env.TEST_POSTGRES_URL;
const onPostgres = (step: Step): Step =>
  POSTGRES_URL
    ? step
    : {
        ...step,
        unavailable:
          'no PostgreSQL server: TEST_POSTGRES_URL is not set; .ci/run starts one and sets it',
      };

// Two lanes. The browser journeys wait on Chromium, the server and the clock far more than they
// compute (measured with each step's CPU time: alone they keep 0.6 of a core busy), so they run
// (after the build they need) beside the type check, lint, the layer check and the core, server
// and adapters projects. Since the unit projects share one module graph per worker
// (vitest.config.ts), the PostgreSQL pass follows them, and the ui project and the several-process
// tests follow the journeys. ui runs alone: a worker that turns from a node file to a jsdom one
// builds a jsdom again. Tried and left (one full run each, the same tests varying by ±50 s here):
// three lanes with the computing steps at a lower priority (`nice`: they starved, then ended
// last; 738–818 s), the journeys two files at a time (482–544 s for them, but the rest slowed,
// and one journey bound to real time failed under the load), the unit projects on two workers
// (each re-imported the module graph whenever it turned to another project's file: 273 s
// importing against 31 s), and the server project in a lane of its own (933 s).
const LANES: readonly (readonly Step[])[] = [
  [
    npmRun('build', 'build'),
    vitest('e2e', ['e2e']),
    { ...vitest('ui', ['ui']), independent: true },
    { ...onPostgres(vitest('postgres', ['postgres'])), independent: true },
  ],
  [
    npmRun('typecheck', 'typecheck'),
    npmRun('lint', 'lint'),
    npmRun('arch', 'arch'),
    vitest('unit', ['core', 'server', 'adapters']),
    { ...onPostgres(vitest('server (postgresql)', ['server-postgresql'], 2)), independent: true },
  ],
];

const SUMMARY_LINE = /^(\d+) passed, (\d+) failed, (\d+) skipped$/;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

// The children write to a pipe: colours only when this run's own output is a terminal.
const { FORCE_COLOR: _forced, ...plainEnv } = process.env;
const childEnv: NodeJS.ProcessEnv = process.stdout.isTTY
  ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' }
  : { ...plainEnv, NO_COLOR: '1' };

const runStep = (step: Step): Promise<StepResult> =>
  new Promise((resolve) => {
    const began = performance.now();
    const child = spawn(step.command, [...step.args], {
      cwd: projectRoot,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tests: StepResult['tests'];
    const failures: string[] = [];
    const prefix = `[${step.name}] `;
    const relay = (stream: NodeJS.WriteStream) => {
      let partial = '';
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          const plain = line.replace(ANSI, '').trim();
          if (plain.startsWith(FAILED_TEST_MARK))
            failures.push(plain.slice(FAILED_TEST_MARK.length));
          const match = SUMMARY_LINE.exec(plain);
          if (match) {
            tests = {
              passed: Number(match[1]),
              failed: Number(match[2]),
              skipped: Number(match[3]),
            };
          }
          stream.write(`${prefix}${line}\n`);
        }
      };
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    const finish = (ok: boolean) =>
      resolve({
        name: step.name,
        ok,
        ms: performance.now() - began,
        failures,
        ...(tests ? { tests } : {}),
      });
    child.on('error', (error) => {
      process.stderr.write(`${prefix}could not start: ${error.message}\n`);
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });

const runLane = async (steps: readonly Step[]): Promise<StepResult[]> => {
  const results: StepResult[] = [];
  for (const step of steps) {
    if (step.unavailable !== undefined) {
      results.push({
        name: step.name,
        ok: true,
        ms: 0,
        failures: [],
        notRunBecause: step.unavailable,
      });
      continue;
    }
    const failed = results.find((r) => !r.ok);
    if (failed !== undefined && step.independent !== true) {
      results.push({
        name: step.name,
        ok: false,
        ms: 0,
        failures: [],
        skippedBecause: `${failed.name} failed`,
      });
      continue;
    }
    results.push(await runStep(step));
  }
  return results;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const began = performance.now();
const results = (await Promise.all(LANES.map(runLane))).flat();
const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + (r.tests?.passed ?? 0),
    failed: sum.failed + (r.tests?.failed ?? 0),
    skipped: sum.skipped + (r.tests?.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const ok = results.every((r) => r.ok);

const nameWidth = Math.max(...results.map((r) => r.name.length));
const rows = results.map((r) => {
  const why = r.skippedBecause ?? r.notRunBecause;
  if (why !== undefined) return `  ${r.name.padEnd(nameWidth)} not run (${why})`;
  const status = r.ok ? 'ok' : 'FAILED';
  const tests = r.tests ? `  ${r.tests.passed} passed, ${r.tests.failed} failed` : '';
  return `  ${r.name.padEnd(nameWidth)} ${status.padEnd(6)} ${seconds(r.ms).padStart(8)}${tests}`;
});
process.stdout.write(
  [
    '',
    `npm test ${ok ? 'passed' : 'FAILED'} in ${seconds(performance.now() - began)}`,
    ...rows,
    ...results.flatMap((r) => r.failures.map((f) => `  failed in ${r.name}: ${f}`)),
    '',
    // The plain closing line CI reads, for the whole suite.
    `${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`,
    '',
  ].join('\n'),
);
process.exitCode = ok ? 0 : 1;
