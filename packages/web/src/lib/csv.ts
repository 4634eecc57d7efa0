/** One CSV cell: quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV document with a header row, CRLF line ends and a byte-order mark, so spreadsheet programs open
 * UTF-8 names (Chinese included) correctly.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  const lines = [header, ...rows].map((row) =>
    row.map((v) => csvCell(v as string | number | boolean | null | undefined)).join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
