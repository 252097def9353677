/**
 * Saves `blob` as a file named `fileName` (the browser's download), through a temporary object
 * URL that is released right after.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the click's navigation start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves `data` as a pretty-printed JSON file named `fileName` (the browser's download), through
 * a temporary object URL that is released right after.
 */
export function downloadJson(data: unknown, fileName: string): void {
  saveBlob(
    new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }),
    fileName,
  );
}
