/**
 * A file a REST route answers for download (an export): sent with its own content type and a
 * Content-Disposition naming the file, instead of as the route's JSON.
 */
export class Download {
  constructor(
    readonly contentType: string,
    readonly filename: string,
    readonly body: string,
  ) {}
}

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180); empty for null. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: a header row and the rows, CRLF line ends (RFC 4180). */
export function csvDocument(header: string[], rows: Array<Array<string | number | null>>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
