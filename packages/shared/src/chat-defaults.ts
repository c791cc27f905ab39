import type { ChatContent } from './schemas/chat';

/**
 * The chat's texts an empty database is seeded with: SPEC §7's figures, which staff then edit
 * under Site → Chat. A named item's price, availability and warranty come from the catalogue, and
 * the answers about spare parts, delivery and warranty end with each kind's default availability
 * and warranty (decision 051), so these texts repeat none of those figures.
 */
export const DEFAULT_CHAT: Omit<ChatContent, 'updatedAt'> = {
  greeting:
    'Hello! I am the Kovai Precision assistant. Ask me about prices, spare parts, maintenance, specifications, delivery, training or warranty, or name a machine or part (for example NP-38) for its price.',
  answers: {
    price:
      'Our capstan lathes and CNC machines range from ₹15,00,000 to ₹45,00,000, depending on the model and configuration. Tell me a model name or code (for example NP-38) for its catalogue price, or send us a quote request through the contact form for an exact price.',
    spares:
      'We keep genuine spare parts for all our machines and dispatch them across India. Tell me the part’s name or code for its price, or tell us your machine model and the part you need.',
    maintenance:
      'Our annual maintenance contracts range from ₹28,000 to ₹85,000 per year, covering preventive visits, calibration and priority breakdown support.',
    specifications:
      'Every machine comes with a full technical specification sheet: turning capacity, spindle bore, speeds, motor power and more. Open any machine in our catalogue to see its specifications, or ask us for a model comparison.',
    delivery:
      'Delivery times count from order confirmation. Name a machine or part (for example NP-38) for its own delivery time.',
    training:
      'We train your operators on site after installation. Training takes 3-10 days, depending on the machine and your team’s experience.',
    warranty:
      'Machine warranties can be extended up to 5 years. Name a machine or part (for example NP-38) for its own warranty.',
  },
  fallback:
    'Thank you for your message! I could not find an answer to that here. Ask us for a quote through the contact form or message us on WhatsApp, and our team will reply. You can also ask me about prices, spare parts, maintenance, specifications, delivery, training or warranty.',
};
