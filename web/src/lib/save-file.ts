/**
 * Saves a file the server answered (a CSV export, a PDF) through a temporary link: the browser's
 * own download, no new tab. `content` is the text, or the bytes of a binary file.
 */
export function saveFile(file: { file_name: string; content_type: string; content: string | Uint8Array<ArrayBuffer> }): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.content_type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: file.file_name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
