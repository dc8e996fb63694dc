import { describe, expect, it } from 'vitest';
import { sniffImageType } from './sniff';

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(16)]);
const jpeg = Buffer.from('ffd8ffe000104a464946', 'hex');

describe('sniffImageType', () => {
  it('knows PNG and JPEG from their bytes', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
  });

  it('refuses SVG, HTML, truncated and disguised files', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImageType(png.subarray(0, 8))).toBeNull();
    expect(sniffImageType(Buffer.concat([Buffer.from('GIF89a'), png]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
