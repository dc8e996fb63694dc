const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** From the bytes, never the declared type: PNG (signature, IHDR first) or JPEG (SOI then a marker); anything else, SVG included, is null. */
export function sniffImageType(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.length >= 24 && data.subarray(0, 8).equals(PNG) && data.subarray(12, 16).toString('latin1') === 'IHDR') return 'image/png';
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff && data[3] >= 0xc0) return 'image/jpeg';
  return null;
}
