import {
  COMPANY_ADDRESS,
  COMPANY_BUSINESS_HOURS,
  COMPANY_EMAIL,
  COMPANY_NAME,
  COMPANY_PHONES,
  COMPANY_SOCIAL_LINKS,
  COMPANY_TAGLINE,
  COMPANY_WHATSAPP,
} from './company';

/**
 * Everything the landing page says about the company (SPEC §2): one edit here changes it
 * in the bar, hero, contact details, footer and floating actions.
 */
export const siteContent = {
  companyName: COMPANY_NAME,
  tagline: COMPANY_TAGLINE,
  // One copy of the company's facts, shared with the server's structured data (JSON-LD).
  address: { lines: COMPANY_ADDRESS.lines, mapUrl: COMPANY_ADDRESS.mapUrl },
  /** Phones, email and WhatsApp live in config/company.ts, which the contact and chat features read too. */
  phones: COMPANY_PHONES,
  email: COMPANY_EMAIL,
  /** SPEC §9: business hours, exactly. */
  businessHours: COMPANY_BUSINESS_HOURS,
  whatsapp: {
    /** International format without '+' for wa.me links. */
    number: COMPANY_WHATSAPP,
    message: 'Hello! I would like to know more about your capstan lathes and CNC machines.',
  },
  /** SPEC §2: the strip says 20+ years while the about text says over 25; both appear. */
  stats: [
    { value: 20, suffix: '+', label: 'Years Experience' },
    { value: 500, suffix: '+', label: 'Machines Delivered' },
    { value: 300, suffix: '+', label: 'Happy Clients' },
    { value: 15, suffix: '', label: 'Product Models' },
  ],
  about: {
    heading: 'Precision engineering from Coimbatore',
    paragraphs: [
      'For over 25 years we have designed and built capstan lathes and CNC turning machines in Coimbatore, the machine-tool heart of Tamil Nadu. Every machine is assembled, aligned and test-cut in our own workshop before it leaves for the customer.',
      'From small job shops to automotive component suppliers across India, our customers rely on rigid castings, accurate spindles and a service team that answers the phone. We stock spare parts for every model we have ever sold.',
    ],
    highlights: [
      'In-house design, machining and assembly',
      'Every machine test-cut before dispatch',
      'Spare parts for every model, old and new',
      'Service engineers across South India',
    ],
  },
  services: [
    {
      icon: 'lathe',
      title: 'Capstan Lathes',
      description: 'Heavy-duty capstan and turret lathes for fast, repeatable bar and chuck work.',
    },
    {
      icon: 'cnc',
      title: 'CNC Machines',
      description: 'CNC turning centres with Fanuc and Siemens controls, built for production.',
    },
    {
      icon: 'parts',
      title: 'Spare Parts',
      description: 'Genuine spindles, collets, turret parts and gearboxes, shipped across India.',
    },
    {
      icon: 'installation',
      title: 'Installation & Commissioning',
      description: 'Foundation guidance, levelling, alignment and a first production run on site.',
    },
    {
      icon: 'maintenance',
      title: 'Maintenance & AMC',
      description: 'Preventive maintenance visits and annual maintenance contracts that cut downtime.',
    },
    {
      icon: 'retrofit',
      title: 'Retrofit & Reconditioning',
      description: 'New life for old lathes: rebuilt slides, new drives and CNC retrofits.',
    },
    {
      icon: 'training',
      title: 'Operator Training',
      description: 'Hands-on training for operators and maintenance staff, at our plant or yours.',
    },
    {
      icon: 'custom',
      title: 'Custom Machining',
      description: 'Special-purpose machines and job work to your drawings and tolerances.',
    },
  ],
  reasons: [
    { title: 'Built to last', description: 'Stress-relieved castings and hardened, ground slideways.' },
    { title: 'Fast service', description: 'Engineers on site within 48 hours across South India.' },
    { title: 'Honest pricing', description: 'Clear quotations in rupees, with no hidden extras.' },
  ],
  testimonials: [
    {
      rating: 5,
      text: 'Their capstan lathes have run two shifts a day in our plant for eight years. When we need a part, it arrives within the week.',
      author: 'Rajesh Kumar',
      position: 'Production Manager, Sri Murugan Auto Components',
      initials: 'RK',
    },
    {
      rating: 5,
      text: 'The CNC turning centre was installed and cutting parts in three days, and the operator training was practical and patient.',
      author: 'Priya Venkatesh',
      position: 'Director, Venkatesh Precision Works',
      initials: 'PV',
    },
    {
      rating: 4,
      text: 'Our old lathes were reconditioned to near-new accuracy at a fraction of the price of new machines. Good value and good people.',
      author: 'Mohammed Irfan',
      position: 'Owner, Irfan Engineering, Tiruppur',
      initials: 'MI',
    },
  ],
  social: COMPANY_SOCIAL_LINKS,
} as const;

export type SiteContent = typeof siteContent;
export type ServiceIcon = SiteContent['services'][number]['icon'];
export type SocialNetwork = SiteContent['social'][number]['network'];

/** A wa.me link that opens a chat with the company number and a prefilled message. */
export function whatsappHref(message: string = siteContent.whatsapp.message): string {
  return `https://wa.me/${siteContent.whatsapp.number}?text=${encodeURIComponent(message)}`;
}
