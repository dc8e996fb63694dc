import { sniffImageType } from '../logos/sniff';

/** From its bytes, never its name or declared type: PNG, JPEG, GIF, WebP or PDF. */
export function sniffAttachmentType(data: Buffer): string | null {
  const image = sniffImageType(data);
  if (image) return image;
  const head = data.subarray(0, 12).toString('latin1');
  if (/^GIF8[79]a/.test(head)) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  if (head.startsWith('%PDF-')) return 'application/pdf';
  return null;
}
