import { describe, expect, it } from 'vitest';
import { quoteLink, quoteServiceFor } from './quote-link';

describe('quoteLink', () => {
  it('goes to the contact section of / with the service and product', () => {
    const href = quoteLink('machine', 'Capstan Lathe CL-25');
    const url = new URL(href, 'http://localhost');
    expect(url.pathname).toBe('/');
    expect(url.hash).toBe('#contact');
    expect(url.searchParams.get('service')).toBe('capstan-lathe');
    expect(url.searchParams.get('product')).toBe('Capstan Lathe CL-25');
  });

  it('encodes names safely', () => {
    const url = new URL(quoteLink('spare', 'Collet & chuck #2'), 'http://localhost');
    expect(url.searchParams.get('product')).toBe('Collet & chuck #2');
    expect(url.hash).toBe('#contact');
  });

  it.each([
    [{ type: 'machine', name: 'CNC Turning Centre' }, 'capstan-lathe'],
    [{ type: 'spare', name: 'Installation kit' }, 'general'],
    [{ type: 'service', name: 'Machine Installation' }, 'installation'],
    [{ type: 'service', name: 'Preventive Maintenance' }, 'maintenance'],
    [{ type: 'service', name: 'AMC Contract' }, 'maintenance'],
    [{ type: 'service', name: 'Custom Machining' }, 'custom-machining'],
    [{ type: 'service', name: 'Operator Training' }, 'general'],
  ] as const)('maps %o to %s', (item, service) => {
    expect(quoteServiceFor(item.type, item.name)).toBe(service);
  });
});
