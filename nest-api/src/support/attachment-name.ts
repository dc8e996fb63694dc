/** The first is given when the name's own does not fit. */
const EXTENSIONS: Record<string, string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

// Controls, quotes, separators, and bidi controls (LRM, RLM, ALM, embeddings, overrides, isolates) that make 'fdp.exe' look like 'exe.pdf'.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f"\\;]+/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const NAME_MAX = 120;

/** No path, no control, quote or bidi characters, ≤ 120 characters, and an extension that fits the sniffed type. */
export function storedAttachmentName(name: string, contentType: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC').replace(BIDI, '').replace(UNSAFE, '_').trim();
  const extensions = EXTENSIONS[contentType] ?? [];
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base) || 'bijlage';
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const suffix = extensions.includes(extension) || extensions.length === 0 ? (extension ? `.${extension}` : '') : `.${extensions[0]}`;
  return [...stem].slice(0, NAME_MAX - suffix.length).join('') + suffix;
}

function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** RFC 6266: ASCII `filename` for old clients and UTF-8 `filename*`; '€' in `filename` itself answered 500 (headers are Latin-1). */
export function attachmentDisposition(filename: string): string {
  const clean = filename.replace(BIDI, '');
  const ascii = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(clean)}`;
}
