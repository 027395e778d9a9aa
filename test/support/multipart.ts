/** A multipart/form-data body for `app.inject`, as a browser's FormData upload sends it. */
import { randomBytes } from 'node:crypto';

export interface UploadFile {
  name: string;
  content: string | Uint8Array;
  type?: string;
}

export function multipartBody(files: UploadFile[], field = 'files') {
  const boundary = `----lifeline${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof file.content === 'string'
        ? Buffer.from(file.content, 'utf8')
        : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
