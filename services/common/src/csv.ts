/**
 * CSV helpers shared by the imports and exports of the services (the invitation CSV, the operation
 * log's export, the payment-method import and download).
 */

/** UTF-8 (with or without BOM), else Shift_JIS, which spreadsheet software in Japan still writes. */
export function decodeCsv(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

/** A CSV field: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A file's rows as CRLF lines with a UTF-8 BOM (Excel in Japan then reads it as UTF-8). */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `\uFEFF${[header, ...rows].map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`;
}
