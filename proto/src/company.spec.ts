import { describe, expect, it } from 'vitest';
import { LOGO_LIMITS, centredSquare } from './company.js';

describe('logo crop', () => {
  it('starts at the largest square in the middle of the image, whatever its shape', () => {
    expect(centredSquare(1200, 800)).toEqual({ x: 200, y: 0, size: 800 });
    expect(centredSquare(400, 1000)).toEqual({ x: 0, y: 300, size: 400 });
    expect(centredSquare(161, 400)).toEqual({ x: 0, y: 119, size: 161 });
    expect(centredSquare(1200, 1200)).toEqual({ x: 0, y: 0, size: 1200 });
    expect(centredSquare(160, 160)).toEqual({ x: 0, y: 0, size: LOGO_LIMITS.output });
  });
});
