interface ScriptedReply {
  keywords: readonly string[];
  reply: string;
}

// SPEC §7: keyword replies, checked in this order; the first match wins.
const SCRIPTED_REPLIES: readonly ScriptedReply[] = [
  {
    keywords: ['price'],
    reply:
      'Our capstan lathes and CNC machines range from ₹15,00,000 to ₹45,00,000, depending on the model and configuration. Send us a quote request through the contact form for an exact price.',
  },
  {
    keywords: ['spare', 'parts'],
    reply:
      'We keep genuine spare parts for all our machines in stock and dispatch them across India. Spare parts carry a 12 months warranty. Tell us your machine model and the part you need.',
  },
  {
    keywords: ['maintenance', 'service'],
    reply:
      'Our annual maintenance contracts range from ₹28,000 to ₹85,000 per year, covering preventive visits, calibration and priority breakdown support.',
  },
  {
    keywords: ['spec'],
    reply:
      'Every machine comes with a full technical specification sheet: turning capacity, spindle bore, speeds, motor power and more. Open any machine in our catalogue to see its specifications, or ask us for a model comparison.',
  },
  {
    keywords: ['delivery'],
    reply: 'Delivery takes 4-6 weeks for lathes and 6-8 weeks for CNC machines from order confirmation.',
  },
  {
    keywords: ['training'],
    reply:
      'We train your operators on site after installation. Training takes 3-10 days, depending on the machine and your team’s experience.',
  },
  {
    keywords: ['warranty'],
    reply: 'Our machines carry a 24 months warranty, extendable up to 5 years. Spare parts carry a 12 months warranty.',
  },
];

export const CHAT_GREETING =
  'Hello! I am the Kovai Precision assistant. Ask me about prices, spare parts, maintenance, specifications, delivery, training or warranty.';

/** The answer when no keyword matches, with the company's first phone number as staff set it. */
export function defaultChatReply(phone: string | undefined): string {
  const call = phone ? `call us at ${phone}` : 'call us';
  return `Thank you for your message! For detailed help, please fill in the contact form on this page or ${call}. You can also ask me about prices, spare parts, maintenance, specifications, delivery, training or warranty.`;
}

/** The scripted reply to a visitor's message (case-insensitive keyword match, SPEC §7). */
export function chatReply(text: string, phone: string | undefined): string {
  const lower = text.toLowerCase();
  const match = SCRIPTED_REPLIES.find(({ keywords }) => keywords.some((k) => lower.includes(k)));
  return match?.reply ?? defaultChatReply(phone);
}
