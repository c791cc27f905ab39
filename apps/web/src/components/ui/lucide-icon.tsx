import {
  createContext,
  createElement,
  forwardRef,
  useContext,
  type CSSProperties,
  type ReactNode,
  type SVGProps,
} from 'react';

/** The icon sprite's URL, set by the build (`lucide-icon-sprite.ts`); absent in unit tests. */
declare const __ICON_SPRITE_URL__: string | undefined;
const SPRITE_URL = typeof __ICON_SPRITE_URL__ === 'string' ? __ICON_SPRITE_URL__ : null;

const FromSprite = createContext(false);

/**
 * Icons inside are drawn as a `<use>` of the build's icon sprite, not with their whole drawing
 * (issue 20, decision 045): for markup that is not on the first screen, whose icons may wait for
 * one cached file. The first screen keeps its drawings, so it paints from the HTML alone.
 */
export function IconsFromSprite({ children }: { children: ReactNode }) {
  return <FromSprite.Provider value={SPRITE_URL !== null}>{children}</FromSprite.Provider>;
}

/** One element of a Lucide icon's drawing, as its icon modules describe it. */
type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

export interface LucideIconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  icon: { name?: string; node: IconNode; size?: number };
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
  const fromSprite = useContext(FromSprite);
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
  const used = fromSprite && icon.name !== undefined && children == null && !nonScalingStroke;
  return (
    <svg
      ref={ref}
      // A used symbol has its own viewBox and fills the icon's box.
      viewBox={used ? undefined : `0 0 ${side} ${side}`}
      className={className ? `icon ${className}` : 'icon'}
      style={styled}
      {...(named ? {} : { 'aria-hidden': 'true' })}
      {...rest}
    >
      {used ? (
        <use href={`${SPRITE_URL}#${icon.name}`} />
      ) : (
        // Lucide's attributes carry each element's key.
        icon.node.map(([tag, attributes]) =>
          createElement(tag, nonScalingStroke ? { vectorEffect: 'non-scaling-stroke', ...attributes } : attributes),
        )
      )}
      {children}
    </svg>
  );
});

export default LucideIcon;
