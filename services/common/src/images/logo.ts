import sharp from 'sharp';
import { LOGO_LIMITS, centredSquare, logoSizeProblem, type TLogoCrop, type TMessageRef } from '@portal/proto';

export type LogoResult =
  | { ok: true; dataUrl: string; crop: TLogoCrop; width: number; height: number }
  | { ok: false; error: TMessageRef };

const refuse = (key: string): LogoResult => ({ ok: false, error: { key } });

/**
 * Checks an uploaded logo against spec §9 on the server, whatever the browser checked: JPG or
 * PNG by content (not by name), at most 2 MB, 160–1200 px on each side; then cuts the chosen
 * square and scales it to 160 × 160 PNG. Without a crop the image must already be 160 × 160;
 * `centre` takes the largest centred square (signup, whose form has no crop tool).
 */
export async function processLogo(base64: string, crop: TLogoCrop | 'centre' | undefined): Promise<LogoResult> {
  // A data URL (as a browser's FileReader gives it) is taken as its base64 part.
  const bytes = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  if (bytes.length === 0) return refuse('logo.file_type');
  if (bytes.length > LOGO_LIMITS.maxBytes) return refuse('logo.volume');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error' }).metadata();
  } catch {
    return refuse('logo.file_type');
  }
  if (meta.format !== 'jpeg' && meta.format !== 'png') return refuse('logo.file_type');
  // EXIF orientation turns a 1200x160 photo into 160x1200: measure what people see.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const sizeProblem = logoSizeProblem(width, height);
  if (sizeProblem) return { ok: false, error: sizeProblem };
  const area = crop === 'centre' ? centredSquare(width, height) : crop ?? { x: 0, y: 0, size: LOGO_LIMITS.output };
  if (crop === undefined && (width !== LOGO_LIMITS.output || height !== LOGO_LIMITS.output)) return refuse('logo.exact_size');
  if (area.x + area.size > width || area.y + area.size > height) return refuse('logo.crop_invalid');
  try {
    const png = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .extract({ left: area.x, top: area.y, width: area.size, height: area.size })
      .resize(LOGO_LIMITS.output, LOGO_LIMITS.output)
      .png()
      .toBuffer();
    return { ok: true, dataUrl: `data:image/png;base64,${png.toString('base64')}`, crop: area, width, height };
  } catch {
    // A header that parses over a body that does not.
    return refuse('logo.file_type');
  }
}
