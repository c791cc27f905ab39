import { describe, expect, it } from 'vitest';
import { pickActiveSection } from './sections';

describe('pickActiveSection', () => {
  const boxes = [
    { id: 'home', top: -600, bottom: 100 },
    { id: 'about', top: 100, bottom: 700 },
    { id: 'products', top: 700, bottom: 1400 },
  ];

  it('picks the first section whose box contains y = 200', () => {
    expect(pickActiveSection(boxes)).toBe('about');
  });

  it('takes the first when boxes overlap the probe', () => {
    expect(
      pickActiveSection([
        { id: 'a', top: 0, bottom: 300 },
        { id: 'b', top: 150, bottom: 400 },
      ]),
    ).toBe('a');
  });

  it('treats the top edge as inside and the bottom edge as outside', () => {
    expect(pickActiveSection([{ id: 'a', top: 200, bottom: 500 }])).toBe('a');
    expect(pickActiveSection([{ id: 'a', top: -100, bottom: 200 }])).toBeNull();
  });

  it('returns null when no section contains the probe', () => {
    expect(pickActiveSection([{ id: 'a', top: 300, bottom: 900 }])).toBeNull();
  });
});
