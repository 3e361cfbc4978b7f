import type { Logger } from 'pino';

/**
 * Last-resort handlers of a process (issue 9, item 4): an unhandled promise rejection or an
 * uncaught exception is logged with its error and the process then stops the way a SIGTERM would
 * (`stop`), with exit code 1, so the supervisor (Kubernetes, start:distributed) restarts a clean
 * one. If the orderly stop hangs, the process exits anyway after `graceMs`.
 */
export function installProcessGuards(log: Logger, stop: (reason: string, code: number) => Promise<void> | void, graceMs = 15_000): void {
  let failing = false;
  const fail = (kind: string) => (error: unknown) => {
    log.fatal({ err: error }, kind);
    if (failing) return;
    failing = true;
    setTimeout(() => process.exit(1), graceMs).unref();
    Promise.resolve()
      .then(() => stop(kind, 1))
      .catch((stopError: unknown) => log.error({ err: stopError }, 'stop after a fatal error failed'))
      .finally(() => process.exit(1));
  };
  process.on('unhandledRejection', fail('unhandled rejection'));
  process.on('uncaughtException', fail('uncaught exception'));
}
