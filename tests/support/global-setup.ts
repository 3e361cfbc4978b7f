/**
 * vitest globalSetup of the integration and end-to-end tiers: drops the databases crashed runs
 * left, makes sure the test database template for the current migrations and seed exists (built
 * once, reused while they are unchanged), and hands its name to the test files.
 */
import type { TestProject } from 'vitest/node';
import { dropStaleDatabases, ensureTemplate } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database every test portal is cloned from (tests/support/test-database.ts). */
    portalTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const say = (line: string) => process.stderr.write(`[${project.name}] ${line}\n`);
  const template = await ensureTemplate(say);
  await dropStaleDatabases(template, say);
  project.provide('portalTemplate', template);
}
