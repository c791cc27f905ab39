import { describe, expect, it } from 'vitest';
import { chatReply, DEFAULT_CHAT_REPLY } from './chat-reply';

describe('chatReply', () => {
  it('quotes the machine price range for "price"', () => {
    const reply = chatReply('What is the PRICE of a capstan lathe?');
    expect(reply).toContain('₹15,00,000');
    expect(reply).toContain('₹45,00,000');
  });

  it.each(['Do you sell spare items?', 'I need parts for my lathe'])('answers spare parts for %j', (text) => {
    const reply = chatReply(text);
    expect(reply).toContain('spare parts');
    expect(reply).toContain('12 months');
  });

  it.each(['Maintenance contract?', 'Do you offer service?'])('quotes the maintenance range for %j', (text) => {
    const reply = chatReply(text);
    expect(reply).toContain('₹28,000');
    expect(reply).toContain('₹85,000 per year');
  });

  it('describes specifications for "spec"', () => {
    expect(chatReply('Send me the Specs')).toContain('technical specification');
  });

  it('gives delivery times for "delivery"', () => {
    const reply = chatReply('How long is delivery?');
    expect(reply).toContain('4-6 weeks for lathes');
    expect(reply).toContain('6-8 weeks for CNC');
  });

  it('gives training length for "training"', () => {
    expect(chatReply('Is TRAINING included?')).toContain('3-10 days');
  });

  it('gives machine and spare part warranty for "warranty"', () => {
    const reply = chatReply('What about warranty?');
    expect(reply).toContain('24 months');
    expect(reply).toContain('up to 5 years');
    expect(reply).toContain('12 months');
  });

  it('follows the spec order when several keywords match', () => {
    expect(chatReply('warranty and price')).toContain('₹15,00,000');
    expect(chatReply('delivery of spare parts')).toContain('genuine spare parts');
    expect(chatReply('training as part of the service')).toContain('₹28,000');
  });

  it('points to the contact form and phone when no keyword matches', () => {
    const reply = chatReply('Hello there');
    expect(reply).toBe(DEFAULT_CHAT_REPLY);
    expect(reply).toContain('contact form');
    expect(reply).toContain('+91 98430 12345');
  });
});
