import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** What `.test-timing.json` holds: wall-clock times, in ms since the epoch. */
export interface TestTiming {
  run: { start: number; end: number };
  /** Per test file: from the moment its worker took it (before its imports) to its end. */
  files: { project: string; file: string; start: number; end: number; state: string }[];
}

/**
 * A vitest reporter that records when each test file started and ended, by the wall clock of the
 * main process, and writes them to `.test-timing.json` for scripts/test-summary.ts (time per tier
 * and the slowest files). The JSON reporter's times start after a file's imports; these do not.
 */
export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly timing: TestTiming = { run: { start: Date.now(), end: 0 }, files: [] };

  onTestRunStart(): void {
    this.timing.run.start = Date.now();
  }

  onTestModuleQueued(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const end = Date.now();
    this.timing.files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      start: this.started.get(module.moduleId) ?? end,
      end,
      state: module.state(),
    });
  }

  onTestRunEnd(): void {
    this.timing.run.end = Date.now();
    writeFileSync('.test-timing.json', `${JSON.stringify(this.timing, null, 1)}\n`);
  }
}
