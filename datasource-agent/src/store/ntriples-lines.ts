import { SKOLEM_PREFIX } from './store-graphs';

const SKOLEM_IRI = new RegExp(`<${SKOLEM_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^>]*)>`, 'g');

export function unskolemiseLine(line: string): string {
  return line.includes(SKOLEM_PREFIX) ? line.replace(SKOLEM_IRI, (_match, rest: string) => `_:${rest.replace(/[^A-Za-z0-9]/g, '_')}`) : line;
}

export async function* ntriplesLines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '' && !line.startsWith('#')) yield `${unskolemiseLine(line.trim())}\n`;
  }
  rest += decoder.decode();
  if (rest.trim() !== '' && !rest.startsWith('#')) yield `${unskolemiseLine(rest.trim())}\n`;
}
