import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonVariants } from './button';

const VARIANTS = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const;
const SIZES = ['default', 'sm', 'lg', 'icon'] as const;

describe('Button', () => {
  it('renders a native button of type "button" by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('ui-button', 'ui-button-default', 'ui-button-md');
  });

  it.each(VARIANTS)('gives the %s variant its own classes', (variant) => {
    render(<Button variant={variant}>{variant}</Button>);
    expect(screen.getByRole('button', { name: variant }).className).toBe(buttonVariants({ variant }));
  });

  it('gives each variant distinct styling', () => {
    const classes = VARIANTS.map((variant) => buttonVariants({ variant }));
    expect(new Set(classes).size).toBe(VARIANTS.length);
    expect(buttonVariants({ variant: 'destructive' })).toContain('ui-button-destructive');
    expect(buttonVariants({ variant: 'link' })).toContain('ui-button-link');
  });

  it.each([
    ['default', 'ui-button-md'],
    ['sm', 'ui-button-sm'],
    ['lg', 'ui-button-lg'],
    ['icon', 'ui-button-icon'],
  ] as const)('size %s has its class', (size, expected) => {
    render(<Button size={size}>{size}</Button>);
    expect(screen.getByRole('button', { name: size })).toHaveClass(expected);
  });

  it('has exactly the spec sizes', () => {
    expect(new Set(SIZES.map((size) => buttonVariants({ size }))).size).toBe(SIZES.length);
  });

  it('renders its child instead when asChild is set', () => {
    render(
      <Button asChild variant="outline">
        <a href="/products">Catalogue</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Catalogue' });
    expect(link).toHaveAttribute('href', '/products');
    expect(link).toHaveClass('ui-button-outline');
    expect(link).not.toHaveAttribute('type');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("adds a caller's classes to the variant's", () => {
    render(<Button className="h-12">Tall</Button>);
    // The variant's classes are in index.css's components layer, so the caller's utility wins
    // there; catalogue-links.spec.ts measures it in Chromium.
    expect(screen.getByRole('button', { name: 'Tall' })).toHaveClass('ui-button-md', 'h-12');
  });
});
