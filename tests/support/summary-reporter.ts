import type { Reporter, TestModule } from 'vitest/node';

/** Starts the line naming a failed test, which `npm test` repeats in its closing summary. */
export const FAILED_TEST_MARK = 'FAILED TEST: ';

/**
 * Prints the plain closing line "N passed, N failed, N skipped" that CI reads, after vitest's own
 * summary, and before it one line per failed test (its file, its name and the first line of its
 * error): CI keeps only the end of a long run's output, where vitest's own report of the failure
 * may no longer be.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const mod of testModules) {
      const file = mod.moduleId.replace(`${process.cwd()}/`, '');
      const before = failures.length;
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failed++;
          const error = result.errors?.[0]?.message?.split('\n')[0] ?? 'no error message';
          failures.push(`${FAILED_TEST_MARK}${file} > ${test.fullName}: ${error}`);
        } else skipped++;
      }
      // A file that failed outside its tests (an import, a hook) fails no test of its own.
      for (const error of mod.errors()) {
        failures.push(`${FAILED_TEST_MARK}${file}: ${error.message?.split('\n')[0] ?? 'error'}`);
      }
      if (failures.length === before && mod.state() === 'failed') {
        failures.push(`${FAILED_TEST_MARK}${file}: failed outside its tests`);
      }
    }
    const listed = failures.length > 0 ? `\n${failures.join('\n')}` : '';
    process.stdout.write(`${listed}\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
