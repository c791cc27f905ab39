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
import { DEFAULT_WARRANTY_MONTHS } from './installed-base';
import {
  type BankDetails,
  type CompanyInput,
  type CompanySettings,
  type DayHours,
  type LandingContent,
  type LandingTranslations,
  type PublicCompanySettings,
} from './schemas/site';
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
  // A demo GSTIN of a Coimbatore company (state 33, Tamil Nadu; a company's PAN, fourth letter C),
  // with a correct check character, so a fresh start can make a quotation. Staff put their own.
  gstin: '33AABCK1234F1Z6',
  yearFounded: null,
  logo: null,
  sharePicture: null,
  translations: {
    ta: {
      tagline: 'துல்லியமான கேப்ஸ்டன் லேத்கள், CNC டர்னிங் சென்டர்கள், உதிரி பாகங்கள் மற்றும் சர்வீஸ் — கோயம்புத்தூர், தமிழ்நாடு',
      whatsappMessage: 'வணக்கம், உங்கள் மெஷின்களைப் பற்றி மேலும் அறிய விரும்புகிறேன்.',
      phoneLabels: ['மொபைல்', 'அலுவலகம்'],
    },
    hi: {
      tagline: 'सटीक कैप्स्टन लेथ, CNC टर्निंग सेंटर, स्पेयर पार्ट्स और सर्विस — कोयंबटूर, तमिलनाडु',
      whatsappMessage: 'नमस्ते, मुझे आपकी मशीनों के बारे में और जानकारी चाहिए।',
      phoneLabels: ['मोबाइल', 'ऑफ़िस'],
    },
  },
};

/** No bank account: staff give theirs under Site → Company before quotations print one. */
export const NO_BANK_DETAILS: BankDetails = { accountName: '', bankName: '', branch: '', accountNumber: '', ifsc: '' };

/**
 * The seeded private fields of the company but the notification emails (those default to the first
 * staff account): no bank account or UPI id, quotations numbered `KPM/Q/2026-27/0001`, and installed
 * machines registered with 24 months of warranty unless staff give another figure.
 */
export const DEFAULT_COMPANY_PRIVATE: Pick<
  CompanySettings,
  'bank' | 'upiId' | 'quotationPrefix' | 'warrantyMonthsDefault'
> = {
  bank: NO_BANK_DETAILS,
  upiId: '',
  quotationPrefix: 'KPM/Q',
  warrantyMonthsDefault: DEFAULT_WARRANTY_MONTHS,
};

/**
 * The landing page's demo texts in Tamil and Hindi (decision 072), position by position with the
 * English below; a fresh start shows them on `/ta/` and `/hi/`.
 */
const DEFAULT_LANDING_TRANSLATIONS: LandingTranslations = {
  ta: {
    hero: {
      eyebrow: 'தமிழ்நாட்டின் கோயம்புத்தூரில் தயாரிக்கப்பட்டது',
      heading: 'கோவை பிரிசிஷன் மெஷின்ஸ்',
      text: 'துல்லியமான கேப்ஸ்டன் லேத்கள், CNC டர்னிங் சென்டர்கள், உதிரி பாகங்கள் மற்றும் சர்வீஸ் — கோயம்புத்தூர், தமிழ்நாடு',
    },
    stats: ['ஆண்டு அனுபவம்', 'வழங்கப்பட்ட மெஷின்கள்', 'மகிழ்ச்சியான வாடிக்கையாளர்கள்', 'தயாரிப்பு மாடல்கள்'],
    about: {
      heading: 'கோயம்புத்தூரிலிருந்து துல்லியப் பொறியியல்',
      paragraphs: [
        '25 ஆண்டுகளுக்கும் மேலாக, தமிழ்நாட்டின் மெஷின்-டூல் இதயமான கோயம்புத்தூரில் கேப்ஸ்டன் லேத்களையும் CNC டர்னிங் மெஷின்களையும் வடிவமைத்து உருவாக்கி வருகிறோம். ஒவ்வொரு மெஷினும் வாடிக்கையாளரிடம் செல்லும் முன் எங்கள் சொந்தப் பட்டறையில் பொருத்தப்பட்டு, சீரமைக்கப்பட்டு, சோதனை வெட்டு செய்யப்படுகிறது.',
        'சிறிய ஜாப் ஷாப்கள் முதல் இந்தியா முழுவதும் உள்ள ஆட்டோமொபைல் உதிரிபாக சப்ளையர்கள் வரை, எங்கள் வாடிக்கையாளர்கள் உறுதியான காஸ்டிங்குகள், துல்லியமான ஸ்பிண்டில்கள், அழைத்தால் பதில் சொல்லும் சர்வீஸ் குழு ஆகியவற்றை நம்புகிறார்கள். நாங்கள் இதுவரை விற்ற ஒவ்வொரு மாடலுக்கும் உதிரி பாகங்களை இருப்பில் வைத்திருக்கிறோம்.',
      ],
      highlights: [
        'வடிவமைப்பு, மெஷினிங், அசெம்பிளி அனைத்தும் எங்கள் சொந்தத் தொழிற்சாலையில்',
        'அனுப்பும் முன் ஒவ்வொரு மெஷினுக்கும் சோதனை வெட்டு',
        'பழைய, புதிய ஒவ்வொரு மாடலுக்கும் உதிரி பாகங்கள்',
        'தென்னிந்தியா முழுவதும் சர்வீஸ் பொறியாளர்கள்',
      ],
    },
    services: [
      {
        title: 'கேப்ஸ்டன் லேத்கள்',
        description: 'வேகமான, ஒரே சீரான பார் மற்றும் சக் வேலைகளுக்கான ஹெவி-டியூட்டி கேப்ஸ்டன் மற்றும் டரெட் லேத்கள்.',
      },
      {
        title: 'CNC மெஷின்கள்',
        description: 'உற்பத்திக்கென உருவாக்கப்பட்ட, Fanuc மற்றும் Siemens கன்ட்ரோல்களுடன் கூடிய CNC டர்னிங் சென்டர்கள்.',
      },
      {
        title: 'உதிரி பாகங்கள்',
        description: 'அசல் ஸ்பிண்டில்கள், கோலெட்டுகள், டரெட் பாகங்கள் மற்றும் கியர்பாக்ஸ்கள், இந்தியா முழுவதும் அனுப்பப்படுகின்றன.',
      },
      {
        title: 'நிறுவுதல் மற்றும் இயக்கித் தருதல்',
        description: 'அடித்தள வழிகாட்டுதல், சமன் செய்தல், சீரமைப்பு, உங்கள் இடத்திலேயே முதல் உற்பத்தி ஓட்டம்.',
      },
      {
        title: 'பராமரிப்பு மற்றும் AMC',
        description: 'இயக்கத் தடையைக் குறைக்கும் தடுப்புப் பராமரிப்பு வருகைகளும் வருடாந்திரப் பராமரிப்பு ஒப்பந்தங்களும்.',
      },
      {
        title: 'ரெட்ரோஃபிட் மற்றும் புதுப்பித்தல்',
        description: 'பழைய லேத்களுக்குப் புது வாழ்வு: மீண்டும் கட்டமைத்த ஸ்லைடுகள், புதிய டிரைவ்கள், CNC ரெட்ரோஃபிட்.',
      },
      {
        title: 'ஆப்பரேட்டர் பயிற்சி',
        description: 'எங்கள் ஆலையிலோ உங்கள் ஆலையிலோ, ஆப்பரேட்டர்களுக்கும் பராமரிப்புப் பணியாளர்களுக்கும் நேரடிப் பயிற்சி.',
      },
      {
        title: 'தனிப்பயன் மெஷினிங்',
        description: 'உங்கள் வரைபடங்களுக்கும் டாலரன்ஸ்களுக்கும் ஏற்ப சிறப்பு நோக்க மெஷின்களும் ஜாப் வேலைகளும்.',
      },
    ],
    reasons: [
      { title: 'நீடித்து உழைக்கும் உருவாக்கம்', description: 'அழுத்தம் நீக்கிய காஸ்டிங்குகள், கடினப்படுத்தி கிரைண்ட் செய்த ஸ்லைடுவேக்கள்.' },
      { title: 'விரைவான சர்வீஸ்', description: 'தென்னிந்தியா முழுவதும் 48 மணி நேரத்துக்குள் பொறியாளர்கள் உங்கள் இடத்தில்.' },
      { title: 'நேர்மையான விலை', description: 'மறைமுகக் கூடுதல் கட்டணம் இல்லாத, ரூபாயில் தெளிவான விலைப்புள்ளிகள்.' },
    ],
  },
  hi: {
    hero: {
      eyebrow: 'कोयंबटूर, तमिलनाडु में निर्मित',
      heading: 'कोवई प्रिसिज़न मशीन्स',
      text: 'सटीक कैप्स्टन लेथ, CNC टर्निंग सेंटर, स्पेयर पार्ट्स और सर्विस — कोयंबटूर, तमिलनाडु',
    },
    stats: ['वर्षों का अनुभव', 'मशीनें डिलीवर कीं', 'संतुष्ट ग्राहक', 'प्रोडक्ट मॉडल'],
    about: {
      heading: 'कोयंबटूर से सटीक इंजीनियरिंग',
      paragraphs: [
        '25 से अधिक वर्षों से हम तमिलनाडु के मशीन-टूल केंद्र कोयंबटूर में कैप्स्टन लेथ और CNC टर्निंग मशीनें डिज़ाइन करते और बनाते आ रहे हैं। हर मशीन ग्राहक के पास भेजे जाने से पहले हमारी अपनी वर्कशॉप में असेंबल, अलाइन और टेस्ट-कट की जाती है।',
        'छोटी जॉब शॉप से लेकर देश भर के ऑटोमोटिव कंपोनेंट सप्लायर तक, हमारे ग्राहक मज़बूत कास्टिंग, सटीक स्पिंडल और फ़ोन उठाने वाली सर्विस टीम पर भरोसा करते हैं। हमने अब तक जो भी मॉडल बेचा है, उसके स्पेयर पार्ट्स हमारे पास स्टॉक में रहते हैं।',
      ],
      highlights: [
        'डिज़ाइन, मशीनिंग और असेंबली, सब हमारे अपने प्लांट में',
        'डिस्पैच से पहले हर मशीन का टेस्ट-कट',
        'पुराने और नए, हर मॉडल के स्पेयर पार्ट्स',
        'पूरे दक्षिण भारत में सर्विस इंजीनियर',
      ],
    },
    services: [
      {
        title: 'कैप्स्टन लेथ',
        description: 'तेज़ और एक-समान बार और चक वर्क के लिए हेवी-ड्यूटी कैप्स्टन और टरेट लेथ।',
      },
      {
        title: 'CNC मशीनें',
        description: 'Fanuc और Siemens कंट्रोल वाले CNC टर्निंग सेंटर, प्रोडक्शन के लिए बने।',
      },
      {
        title: 'स्पेयर पार्ट्स',
        description: 'असली स्पिंडल, कोलेट, टरेट पार्ट्स और गियरबॉक्स, पूरे भारत में भेजे जाते हैं।',
      },
      {
        title: 'इंस्टॉलेशन और कमीशनिंग',
        description: 'फ़ाउंडेशन पर मार्गदर्शन, लेवलिंग, अलाइनमेंट और साइट पर पहला प्रोडक्शन रन।',
      },
      {
        title: 'मेंटेनेंस और AMC',
        description: 'प्रिवेंटिव मेंटेनेंस विज़िट और सालाना मेंटेनेंस कॉन्ट्रैक्ट, जो डाउनटाइम घटाते हैं।',
      },
      {
        title: 'रेट्रोफ़िट और रीकंडीशनिंग',
        description: 'पुराने लेथ को नया जीवन: दोबारा तैयार स्लाइड, नई ड्राइव और CNC रेट्रोफ़िट।',
      },
      {
        title: 'ऑपरेटर ट्रेनिंग',
        description: 'ऑपरेटरों और मेंटेनेंस स्टाफ़ के लिए व्यावहारिक ट्रेनिंग, हमारे प्लांट में या आपके।',
      },
      {
        title: 'कस्टम मशीनिंग',
        description: 'आपकी ड्रॉइंग और टॉलरेंस के अनुसार विशेष काम की मशीनें और जॉब वर्क।',
      },
    ],
    reasons: [
      { title: 'टिकाऊ बनावट', description: 'स्ट्रेस-रिलीव्ड कास्टिंग और हार्डन व ग्राउंड स्लाइडवे।' },
      { title: 'तेज़ सर्विस', description: 'पूरे दक्षिण भारत में 48 घंटे के भीतर इंजीनियर साइट पर।' },
      { title: 'ईमानदार क़ीमतें', description: 'रुपयों में साफ़ कोटेशन, कोई छिपा अतिरिक्त ख़र्च नहीं।' },
    ],
  },
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
  translations: DEFAULT_LANDING_TRANSLATIONS,
};
