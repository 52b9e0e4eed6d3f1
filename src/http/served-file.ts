/**
 * Bytes a REST route answers as they are, with their own content type, for a browser to show
 * (an image), rather than as JSON or a download. Sent with `X-Content-Type-Options: nosniff`, so
 * they are only ever taken for the type named.
 */
export class ServedFile {
  constructor(
    readonly contentType: string,
    readonly body: Buffer,
    readonly options: {
      /** The bytes behind the address never change: any cache may keep them for a year without asking. */
      immutable: boolean;
      /** Pages of other sites (a mail client, an embed) may show them (Cross-Origin-Resource-Policy). */
      anyOrigin: boolean;
    },
  ) {}
}
