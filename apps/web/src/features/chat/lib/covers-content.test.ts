import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coversContent } from './covers-content';

const button = new DOMRect(300, 700, 56, 56);

describe('coversContent', () => {
  let own: HTMLElement;
  let hits: Element[];
  beforeEach(() => {
    own = document.createElement('div');
    document.body.append(own);
    hits = [];
    document.elementsFromPoint = () => hits;
  });
  afterEach(() => {
    own.remove();
    document.body.innerHTML = '';
    Reflect.deleteProperty(document, 'elementsFromPoint');
    Reflect.deleteProperty(Range.prototype, 'getClientRects');
  });

  function paragraphWithTextAt(rect: DOMRect): HTMLElement {
    const paragraph = document.createElement('p');
    paragraph.textContent = 'Every machine is test-cut before dispatch';
    document.body.append(paragraph);
    // jsdom lays nothing out: the text's line boxes are given here.
    Object.defineProperty(Range.prototype, 'getClientRects', {
      configurable: true,
      value: () => [rect],
    });
    return paragraph;
  }

  it('finds text painted under the button', () => {
    hits = [paragraphWithTextAt(new DOMRect(16, 720, 320, 24)), document.body];
    expect(coversContent(button, own)).toBe(true);
  });

  it('ignores an element whose text lines stop short of the button', () => {
    // The paragraph's box reaches under the button, its last line of text does not.
    hits = [paragraphWithTextAt(new DOMRect(16, 720, 200, 24)), document.body];
    expect(coversContent(button, own)).toBe(false);
  });

  it('finds a control even without text of its own', () => {
    const link = document.createElement('a');
    link.href = '/product/1';
    hits = [link];
    expect(coversContent(button, own)).toBe(true);
  });

  it('ignores the group itself', () => {
    const chat = document.createElement('button');
    chat.textContent = 'Open chat';
    own.append(chat);
    hits = [chat, own, document.body];
    expect(coversContent(button, own)).toBe(false);
  });
});
