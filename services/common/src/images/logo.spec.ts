import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processLogo } from './logo.js';

const image = async (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  (await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })[format]().toBuffer()).toString('base64');

describe('processLogo (spec §9 logo limits, checked on the server)', () => {
  it('crops the chosen square of a JPG and stores a 160x160 PNG', async () => {
    const result = await processLogo(await image(800, 600, 'jpeg'), { x: 100, y: 50, size: 500 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.crop).toEqual({ x: 100, y: 50, size: 500 });
    const out = Buffer.from(result.dataUrl.replace('data:image/png;base64,', ''), 'base64');
    expect(await sharp(out).metadata()).toMatchObject({ format: 'png', width: 160, height: 160 });
  });

  it('accepts the limits themselves: 160 and 1200 pixels', async () => {
    expect((await processLogo(await image(160, 1200), { x: 0, y: 0, size: 160 })).ok).toBe(true);
    expect((await processLogo(await image(1200, 1200), { x: 0, y: 0, size: 1200 })).ok).toBe(true);
  });

  it('refuses each limit with its own message', async () => {
    expect(await processLogo(await image(159, 400), { x: 0, y: 0, size: 160 })).toEqual({ ok: false, error: { key: 'logo.too_small' } });
    expect(await processLogo(await image(1201, 400), { x: 0, y: 0, size: 400 })).toEqual({ ok: false, error: { key: 'logo.too_large' } });
    expect(await processLogo(await image(100, 1300), undefined)).toEqual({ ok: false, error: { key: 'logo.size_range', params: { width: 100, height: 1300 } } });
    expect(await processLogo(await image(400, 400, 'webp'), undefined)).toEqual({ ok: false, error: { key: 'logo.file_type' } });
    expect(await processLogo(Buffer.from('GIF89a not really').toString('base64'), undefined)).toEqual({ ok: false, error: { key: 'logo.file_type' } });
    expect(await processLogo(await image(400, 400), undefined)).toEqual({ ok: false, error: { key: 'logo.exact_size' } });
    expect(await processLogo(await image(400, 300), { x: 200, y: 0, size: 250 })).toEqual({ ok: false, error: { key: 'logo.crop_invalid' } });
  });

  it('refuses a file over 2 MB before decoding it', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0xff);
    expect(await processLogo(big.toString('base64'), undefined)).toEqual({ ok: false, error: { key: 'logo.volume' } });
    // A real PNG just over the limit (noise does not compress).
    const noise = Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, (_, i) => (i * 2654435761) % 251));
    const png = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(await processLogo(png.toString('base64'), { x: 0, y: 0, size: 1000 })).toEqual({ ok: false, error: { key: 'logo.volume' } });
  });

  it('takes the centred square of a data URL for signup', async () => {
    const result = await processLogo(`data:image/jpeg;base64,${await image(900, 300, 'jpeg')}`, 'centre');
    expect(result.ok && result.crop).toEqual({ x: 300, y: 0, size: 300 });
  });

  it('takes a 160x160 image as it is', async () => {
    expect((await processLogo(await image(160, 160), undefined)).ok).toBe(true);
  });
});
