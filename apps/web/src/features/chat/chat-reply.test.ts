import { describe, expect, it } from 'vitest';
import { chatReply, defaultChatReply } from './chat-reply';

const PHONE = '+91 98430 12345';

describe('chatReply', () => {
  it('quotes the machine price range for "price"', () => {
    const reply = chatReply('What is the PRICE of a capstan lathe?', PHONE);
    expect(reply).toContain('₹15,00,000');
    expect(reply).toContain('₹45,00,000');
  });

  it.each(['Do you sell spare items?', 'I need parts for my lathe'])('answers spare parts for %j', (text) => {
    const reply = chatReply(text, PHONE);
    expect(reply).toContain('spare parts');
    expect(reply).toContain('12 months');
  });

  it.each(['Maintenance contract?', 'Do you offer service?'])('quotes the maintenance range for %j', (text) => {
    const reply = chatReply(text, PHONE);
    expect(reply).toContain('₹28,000');
    expect(reply).toContain('₹85,000 per year');
  });

  it('describes specifications for "spec"', () => {
    expect(chatReply('Send me the Specs', PHONE)).toContain('technical specification');
  });

  it('gives delivery times for "delivery"', () => {
    const reply = chatReply('How long is delivery?', PHONE);
    expect(reply).toContain('4-6 weeks for lathes');
    expect(reply).toContain('6-8 weeks for CNC');
  });

  it('gives training length for "training"', () => {
    expect(chatReply('Is TRAINING included?', PHONE)).toContain('3-10 days');
  });

  it('gives machine and spare part warranty for "warranty"', () => {
    const reply = chatReply('What about warranty?', PHONE);
    expect(reply).toContain('24 months');
    expect(reply).toContain('up to 5 years');
    expect(reply).toContain('12 months');
  });

  it('follows the spec order when several keywords match', () => {
    expect(chatReply('warranty and price', PHONE)).toContain('₹15,00,000');
    expect(chatReply('delivery of spare parts', PHONE)).toContain('genuine spare parts');
    expect(chatReply('training as part of the service', PHONE)).toContain('₹28,000');
  });

  it('points to the contact form and phone when no keyword matches', () => {
    const reply = chatReply('Hello there', PHONE);
    expect(reply).toBe(defaultChatReply(PHONE));
    expect(reply).toContain('contact form');
    expect(reply).toContain('+91 98430 12345');
  });

  it('uses the number staff set, and still reads well before the settings arrive', () => {
    expect(chatReply('Hello', '+91 99999 00001')).toContain('call us at +91 99999 00001.');
    expect(chatReply('Hello', undefined)).toContain('on this page or call us. You can');
  });
});
