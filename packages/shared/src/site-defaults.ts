import {
  COMPANY_ADDRESS,
  COMPANY_EMAIL,
  COMPANY_GEO,
  COMPANY_NAME,
  COMPANY_OPENING_HOURS,
  COMPANY_PHONES,
  COMPANY_SOCIAL_LINKS,
  COMPANY_TAGLINE,
} from './company';
import { type CompanyInput, type DayHours, type LandingContent, type PublicCompanySettings } from './schemas/site';
import { type SocialNetwork, WEEK_DAYS } from './site-format';

/**
 * What an empty database is seeded with (decision 020): the site's texts from before staff could edit them, so a fresh start looks
 * as it did when they were constants. After seeding, staff edit them under Site; the public
 * pages read only the stored settings.
 */

const PHONE_LABELS = ['Mobile', 'Office'];

function seedHours(): DayHours[] {
  return WEEK_DAYS.map((day) => {
    const open = COMPANY_OPENING_HOURS.find((hours) => (hours.days as readonly string[]).includes(day));
    return open
      ? { day, closed: false, opens: open.opens, closes: open.closes }
      : { day, closed: true, opens: '09:00', closes: '18:00' };
  });
}

function seedSocial(): Record<SocialNetwork, string> {
  const href = (network: SocialNetwork) => COMPANY_SOCIAL_LINKS.find((link) => link.network === network)?.href ?? '';
  return {
    facebook: href('facebook'),
    instagram: href('instagram'),
    linkedin: href('linkedin'),
    youtube: href('youtube'),
  };
}

/** The seeded company (without notificationEmails: those default to the first staff account). */
export const DEFAULT_COMPANY: Omit<CompanyInput, 'notificationEmails' | 'updatedAt' | 'logo' | 'sharePicture'> &
  Pick<PublicCompanySettings, 'logo' | 'sharePicture'> = {
  name: COMPANY_NAME,
  tagline: COMPANY_TAGLINE,
  address: {
    lines: [...COMPANY_ADDRESS.lines],
    streetAddress: COMPANY_ADDRESS.streetAddress,
    locality: COMPANY_ADDRESS.locality,
    region: COMPANY_ADDRESS.region,
    postalCode: COMPANY_ADDRESS.postalCode,
    countryCode: COMPANY_ADDRESS.countryCode,
    mapUrl: COMPANY_ADDRESS.mapUrl,
  },
  geo: COMPANY_GEO ? { ...COMPANY_GEO } : null,
  phones: COMPANY_PHONES.map((phone, index) => ({ label: PHONE_LABELS[index] ?? 'Phone', number: phone.display })),
  email: COMPANY_EMAIL,
  whatsapp: {
    number: '+91 98430 12345',
    message: 'Hello, I would like to know more about your machines.',
  },
  hours: seedHours(),
  social: seedSocial(),
  gstin: '',
  yearFounded: null,
  logo: null,
  sharePicture: null,
};

export const DEFAULT_LANDING: Omit<LandingContent, 'updatedAt'> = {
  hero: {
    eyebrow: 'Made in Coimbatore, Tamil Nadu',
    heading: COMPANY_NAME,
    text: COMPANY_TAGLINE,
    picture: null,
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
      hidden: false,
    },
    {
      rating: 5,
      text: 'The CNC turning centre was installed and cutting parts in three days, and the operator training was practical and patient.',
      author: 'Priya Venkatesh',
      position: 'Director, Venkatesh Precision Works',
      initials: 'PV',
      hidden: false,
    },
    {
      rating: 4,
      text: 'Our old lathes were reconditioned to near-new accuracy at a fraction of the price of new machines. Good value and good people.',
      author: 'Mohammed Irfan',
      position: 'Owner, Irfan Engineering, Tiruppur',
      initials: 'MI',
      hidden: false,
    },
  ],
};
