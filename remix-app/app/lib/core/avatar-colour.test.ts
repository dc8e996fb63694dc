import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, AVATAR_TEXT, avatarColourIndex } from './avatar-colour';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('avatar colours', () => {
  it.each(AVATAR_COLOURS)('white initials on %s pass WCAG AA (4.5:1)', (colour) => {
    expect(contrast(colour, AVATAR_TEXT)).toBeGreaterThanOrEqual(4.5);
  });

  it('are distinct and the same for the same slug every time', () => {
    expect(new Set(AVATAR_COLOURS).size).toBe(AVATAR_COLOURS.length);
    expect(avatarColourIndex('kwekerij-delta')).toBe(avatarColourIndex('kwekerij-delta'));
  });

  it('spread slugs over the palette: 200 slugs use every colour', () => {
    const used = new Set(Array.from({ length: 200 }, (_, index) => avatarColourIndex(`kwekerij-${index}`)));
    expect(used.size).toBe(AVATAR_COLOURS.length);
  });
});
