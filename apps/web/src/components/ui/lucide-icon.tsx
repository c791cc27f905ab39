import { createElement, forwardRef, type CSSProperties, type ReactNode, type SVGProps } from 'react';

/** One element of a Lucide icon's drawing, as its icon modules describe it. */
type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

export interface LucideIconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  icon: { node: IconNode; size?: number };
  iconNode?: IconNode;
  size?: number | string;
  color?: string;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
}

/**
 * Stands in for lucide-react's own `Icon`, which its `createLucideIcon` renders (the swap is the
 * build's `slimLucideIcons`, decision 042). Lucide writes the same nine attributes and two
 * classes on every icon, about 220 bytes each, 7 KB of the home page's HTML (issue 20). Here an
 * icon carries its `viewBox` and the `icon` class, and `.icon` in index.css says the rest once.
 *
 * What a caller sets (size, colour, stroke width, fill) goes in `style`, not in attributes: an
 * SVG attribute loses to any stylesheet rule, so it would lose to `.icon`. A class still wins
 * over `.icon` (the components layer), as it won over Lucide's attributes.
 */
const LucideIcon = forwardRef<SVGSVGElement, LucideIconProps>(function LucideIcon(
  {
    icon,
    iconNode: _iconNode,
    size,
    width = size,
    height = size,
    color,
    strokeWidth,
    absoluteStrokeWidth = false,
    nonScalingStroke = false,
    fill,
    className,
    style,
    children,
    ...rest
  },
  ref,
) {
  const side = icon.size ?? 24;
  const stroke =
    absoluteStrokeWidth && strokeWidth !== undefined && size !== undefined
      ? (Number(strokeWidth) * side) / Number(size)
      : strokeWidth;
  const given: CSSProperties = { width, height, stroke: color, strokeWidth: stroke, fill };
  const own = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const styled = Object.keys(own).length > 0 || style !== undefined ? { ...own, ...style } : undefined;
  // As Lucide does: an icon nobody named is decoration, hidden from assistive technology.
  const named =
    children != null ||
    Object.keys(rest).some((name) => name.startsWith('aria-') || name === 'role' || name === 'title');
  return createElement(
    'svg',
    {
      ref,
      viewBox: `0 0 ${side} ${side}`,
      className: className ? `icon ${className}` : 'icon',
      style: styled,
      ...(named ? {} : { 'aria-hidden': 'true' }),
      ...rest,
    },
    ...icon.node.map(([tag, attributes]) =>
      createElement(tag, nonScalingStroke ? { vectorEffect: 'non-scaling-stroke', ...attributes } : attributes),
    ),
    children,
  );
});

export default LucideIcon;
