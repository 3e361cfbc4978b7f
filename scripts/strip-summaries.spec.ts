import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTE_LIST } from '@portal/proto';
import { stripRouteSummaries } from '../web/build/strip-summaries.js';
import { ROOT } from './lib/root.js';

describe('route summaries and subjects are left out of the SPA build', () => {
  it('drops every quoted summary, escapes included, and nothing else', () => {
    expect(stripRouteSummaries(`a: 1, summary: 'The client\\'s list, "quoted".', b: 2`)).toBe('a: 1,  b: 2');
    expect(stripRouteSummaries(`summary: "It's here",\n  x: 1`)).toBe('\n  x: 1');
    const dir = join(ROOT, 'proto/src/routes');
    const source = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8')).join('\n');
    const stripped = stripRouteSummaries(source);
    expect(stripped).not.toMatch(/\bsummary:\s*['"]/);
    expect(stripped).not.toMatch(/\bsubject:\s*Subjects\./);
    expect(stripRouteSummaries('policy: X, subject: Subjects.licence.termsList, request: Y')).toBe('policy: X,  request: Y');
    // The type keeps its field; every route's path and subject are still there.
    expect(stripped).toContain('readonly summary: string;'); // routes/route.ts
    for (const route of API_ROUTE_LIST) expect(stripped, route.path).toContain(`path: '${route.path}'`);
  });
});
