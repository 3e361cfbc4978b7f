import { describe, expect, it } from 'vitest';
import { LOGO_LIMITS, centredSquare, defaultLogoCrop } from './company.js';

describe('logo crop', () => {
  it('starts with a 160 × 160 box in the middle of the image', () => {
    expect(defaultLogoCrop(1200, 800)).toEqual({ x: 520, y: 320, size: 160 });
    expect(defaultLogoCrop(161, 400)).toEqual({ x: 0, y: 120, size: 160 });
    expect(defaultLogoCrop(160, 160)).toEqual({ x: 0, y: 0, size: LOGO_LIMITS.output });
    // An image under the minimum gets the largest box it allows (the size rule refuses it).
    expect(defaultLogoCrop(100, 300)).toEqual({ x: 0, y: 100, size: 100 });
  });

  it('keeps the largest centred square for the server\'s centre crop', () => {
    expect(centredSquare(1200, 800)).toEqual({ x: 200, y: 0, size: 800 });
  });
});
