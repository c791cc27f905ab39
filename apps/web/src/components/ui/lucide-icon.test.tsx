import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LucideIcon, { IconsFromSprite } from './lucide-icon';

// Lucide's arrow-right, as its icon module hands it to `createLucideIcon`.
const ARROW_RIGHT = {
  name: 'arrow-right',
  size: 24,
  node: [
    ['path', { d: 'M5 12h14', key: '1ays0h' }],
    ['path', { d: 'm12 5 7 7-7 7', key: 'xquz4c' }],
  ] as const,
};

describe('LucideIcon, the build’s stand-in for Lucide’s Icon (slim-lucide-icons.ts)', () => {
  it("draws Lucide's paths with a viewBox and the icon class, and none of Lucide's fixed attributes", () => {
    const { container } = render(<LucideIcon icon={ARROW_RIGHT} className="size-4" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('class')).toBe('icon size-4');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    for (const name of [
      'xmlns',
      'width',
      'height',
      'fill',
      'stroke',
      'stroke-width',
      'stroke-linecap',
      'stroke-linejoin',
    ]) {
      expect(svg.hasAttribute(name), name).toBe(false);
    }
    expect([...svg.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual([
      'M5 12h14',
      'm12 5 7 7-7 7',
    ]);
  });

  it('puts a size, colour, stroke width or fill given as a prop in the style, where the icon class cannot override it', () => {
    const { container } = render(
      <LucideIcon icon={ARROW_RIGHT} size={16} color="red" strokeWidth={1.5} fill="red" style={{ opacity: 0.5 }} />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.style.width).toBe('16px');
    expect(svg.style.height).toBe('16px');
    expect(svg.style.stroke).toBe('red');
    expect(svg.style.strokeWidth).toBe('1.5');
    expect(svg.style.fill).toBe('red');
    expect(svg.style.opacity).toBe('0.5');
    expect(svg.hasAttribute('width')).toBe(false);
  });

  it('keeps the stroke as wide on screen at another size when asked, and can keep it from scaling', () => {
    const { container } = render(
      <LucideIcon icon={ARROW_RIGHT} size={48} strokeWidth={2} absoluteStrokeWidth nonScalingStroke />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.style.strokeWidth).toBe('1');
    expect(svg.querySelector('path')).toHaveAttribute('vector-effect', 'non-scaling-stroke');
  });

  it("draws a use of the build's icon sprite inside IconsFromSprite, and its own drawing outside (decision 045)", () => {
    const { container } = render(
      <>
        <IconsFromSprite>
          <LucideIcon icon={ARROW_RIGHT} className="size-4" />
          <LucideIcon icon={ARROW_RIGHT} nonScalingStroke />
        </IconsFromSprite>
        <LucideIcon icon={ARROW_RIGHT} />
      </>,
    );
    const [used, unscaled, drawn] = [...container.querySelectorAll('svg')];
    expect(used!.querySelector('use')!.getAttribute('href')).toMatch(/^\/assets\/icons-[0-9a-f]{8}\.svg#arrow-right$/);
    expect(used!.querySelector('path')).toBeNull();
    // The symbol brings its own viewBox; the class still sizes and strokes the icon.
    expect(used!.hasAttribute('viewBox')).toBe(false);
    expect(used!.getAttribute('class')).toBe('icon size-4');
    expect(used!.getAttribute('aria-hidden')).toBe('true');
    // A drawing the sprite cannot give as asked stays inline.
    expect(unscaled!.querySelector('use')).toBeNull();
    expect(unscaled!.querySelectorAll('path')).toHaveLength(2);
    expect(drawn!.querySelector('use')).toBeNull();
    expect(drawn!.getAttribute('viewBox')).toBe('0 0 24 24');
  });

  it('leaves a named icon to assistive technology', () => {
    const { getByRole } = render(<LucideIcon icon={ARROW_RIGHT} role="img" aria-label="Next" />);
    expect(getByRole('img', { name: 'Next' })).not.toHaveAttribute('aria-hidden');
  });
});
