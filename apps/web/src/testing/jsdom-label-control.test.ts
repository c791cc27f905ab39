import { afterEach, describe, expect, it } from 'vitest';

// setup-tests.ts loads jsdom-label-control.ts, so these are the labels every suite queries.
describe('a label’s control under the id lookup', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is the first element with its `for` id, when that can be labelled', () => {
    document.body.innerHTML = `
      <label for="name">Name</label><input id="name"><input id="name">
      <label for="note">Note</label><div id="note"></div>
      <label for="secret">Secret</label><input id="secret" type="hidden">
      <label for="">Empty</label><label for="missing">Missing</label>`;
    const [name, note, secret, empty, missing] = document.querySelectorAll('label');
    expect(name!.control).toBe(document.querySelectorAll('input')[0]);
    expect(note!.control).toBeNull();
    expect(secret!.control).toBeNull();
    expect(empty!.control).toBeNull();
    expect(missing!.control).toBeNull();
  });

  it('follows the document as it changes, and gives each field its labels', () => {
    document.body.innerHTML = '<label for="code">Code</label><label>Part <select></select></label>';
    const [byId, wrapping] = document.querySelectorAll('label');
    expect(byId!.control).toBeNull();
    const input = document.createElement('input');
    input.id = 'code';
    document.body.append(input);
    expect(byId!.control).toBe(input);
    expect([...input.labels!]).toEqual([byId]);
    expect(wrapping!.control).toBe(document.querySelector('select'));
    input.id = 'other';
    expect(byId!.control).toBeNull();
  });

  it('is looked for inside a detached tree as jsdom itself does', () => {
    const form = document.createElement('form');
    form.innerHTML = '<label for="qty">Qty</label><input id="qty">';
    expect(form.querySelector('label')!.control).toBe(form.querySelector('input'));
  });
});
