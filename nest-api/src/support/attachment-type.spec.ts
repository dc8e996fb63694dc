import { describe, expect, it } from 'vitest';
import { sniffAttachmentType } from './attachment-type';

describe('sniffAttachmentType', () => {
  it('names images and PDF by their bytes', () => {
    expect(sniffAttachmentType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffAttachmentType(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffAttachmentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffAttachmentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffAttachmentType(Buffer.from('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffAttachmentType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffAttachmentType(Buffer.alloc(0))).toBeNull();
  });
});
