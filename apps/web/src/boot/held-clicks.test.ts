import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_LISTENING_ATTRIBUTE, APP_READY_ATTRIBUTE, VISITOR_ACTED_ATTRIBUTE } from '@/lib/page-handover';
import { HANDOVER_ATTRIBUTES, holdClicksUntilReady } from './held-clicks';

const flushObservers = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Clicks the chat button, then starts counting the clicks it receives from now on. */
function clickChatThenCount() {
  const chat = document.getElementById('chat')!;
  chat.click();
  const handler = vi.fn();
  chat.addEventListener('click', handler);
  return { chat, handler };
}

/** What app.tsx does once the app has taken over, and the observers' turn to react. */
async function markAppReady(): Promise<void> {
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, 'true');
  await flushObservers();
}

describe('holdClicksUntilReady', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <button type="button" id="chat">Open chat</button>
      <button type="button" id="contact" popovertarget="list">Contact us</button><div id="list" popover>…</div>
      <form id="form"><button type="submit" id="send">Send</button></form>
      <a href="/products" id="link"><span id="inside">Products</span></a>`;
  });
  afterEach(() => {
    document.documentElement.removeAttribute(APP_LISTENING_ATTRIBUTE);
    document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
    document.body.innerHTML = '';
  });

  it('gives the latest button click again, once, when the app is ready', async () => {
    holdClicksUntilReady();
    const { chat, handler } = clickChatThenCount();
    await markAppReady();
    expect(handler).toHaveBeenCalledTimes(1);

    // After that, clicks are the app's alone.
    chat.click();
    await flushObservers();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('gives the click to the button pressed when the page moved it before the release', async () => {
    holdClicksUntilReady();
    document.body.insertAdjacentHTML('beforeend', '<div id="under"></div>');
    const chat = document.getElementById('chat')!;
    const at = { bubbles: true, clientX: 300, clientY: 700 };
    chat.dispatchEvent(new MouseEvent('pointerdown', at));
    // The page moved: what is under the still pointer at the release is another element.
    document.getElementById('under')!.dispatchEvent(new MouseEvent('click', at));
    const handler = vi.fn();
    chat.addEventListener('click', handler);
    await markAppReady();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('holds nothing when the pointer was dragged off the button before the release', async () => {
    holdClicksUntilReady();
    document.body.insertAdjacentHTML('beforeend', '<div id="under"></div>');
    const chat = document.getElementById('chat')!;
    chat.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: 300, clientY: 700 }));
    document
      .getElementById('under')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 300, clientY: 760 }));
    const handler = vi.fn();
    chat.addEventListener('click', handler);
    await markAppReady();
    expect(handler).not.toHaveBeenCalled();
  });

  it('leaves a popover button to the browser, which has already opened its popover', async () => {
    holdClicksUntilReady();
    const contact = document.getElementById('contact')!;
    contact.click();
    const handler = vi.fn();
    contact.addEventListener('click', handler);
    await markAppReady();
    expect(handler).not.toHaveBeenCalled();
  });

  it("stops the browser's own form submission and replays the submit click instead", async () => {
    holdClicksUntilReady();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.getElementById('form')!.addEventListener('submit', submitted);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('send')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();

    await markAppReady();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('leaves links alone and replays nothing once React listens on the page', async () => {
    holdClicksUntilReady();
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('inside')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);

    // What app/hydrate.tsx does right after React starts listening.
    document.documentElement.setAttribute(APP_LISTENING_ATTRIBUTE, '');
    await flushObservers();
    const { handler } = clickChatThenCount();
    await markAppReady();
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('the handover attributes', () => {
  it('are spelled by the loader as the app spells them', () => {
    expect(HANDOVER_ATTRIBUTES).toEqual({
      appListening: APP_LISTENING_ATTRIBUTE,
      appReady: APP_READY_ATTRIBUTE,
      visitorActed: VISITOR_ACTED_ATTRIBUTE,
    });
  });
});
