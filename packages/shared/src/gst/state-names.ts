import type { Locale } from '../locales';
import { GST_STATES, type GstStateCode, isGstStateCode } from './gstin';

/**
 * The states and territories of GST_STATES as a Tamil or Hindi reader names them: the back office
 * and the buyer's quotation in those languages show these, with the code beside them. GSTINs,
 * returns and e-invoices keep the English names of GST_STATES.
 */
const TAMIL: Record<GstStateCode, string> = {
  '01': 'ஜம்மு காஷ்மீர்',
  '02': 'இமாச்சலப் பிரதேசம்',
  '03': 'பஞ்சாப்',
  '04': 'சண்டிகர்',
  '05': 'உத்தராகண்ட்',
  '06': 'ஹரியானா',
  '07': 'தில்லி',
  '08': 'ராஜஸ்தான்',
  '09': 'உத்தரப் பிரதேசம்',
  '10': 'பீகார்',
  '11': 'சிக்கிம்',
  '12': 'அருணாச்சலப் பிரதேசம்',
  '13': 'நாகாலாந்து',
  '14': 'மணிப்பூர்',
  '15': 'மிசோரம்',
  '16': 'திரிபுரா',
  '17': 'மேகாலயா',
  '18': 'அசாம்',
  '19': 'மேற்கு வங்காளம்',
  '20': 'ஜார்க்கண்ட்',
  '21': 'ஒடிசா',
  '22': 'சத்தீஸ்கர்',
  '23': 'மத்தியப் பிரதேசம்',
  '24': 'குஜராத்',
  '25': 'டாமன் மற்றும் டியூ',
  '26': 'தாத்ரா மற்றும் நகர் ஹவேலி மற்றும் டாமன் மற்றும் டியூ',
  '27': 'மகாராஷ்டிரா',
  '28': 'ஆந்திரப் பிரதேசம் (பிரிவினைக்கு முன்)',
  '29': 'கர்நாடகா',
  '30': 'கோவா',
  '31': 'லட்சத்தீவுகள்',
  '32': 'கேரளா',
  '33': 'தமிழ்நாடு',
  '34': 'புதுச்சேரி',
  '35': 'அந்தமான் நிக்கோபார் தீவுகள்',
  '36': 'தெலங்கானா',
  '37': 'ஆந்திரப் பிரதேசம்',
  '38': 'லடாக்',
  '97': 'பிற ஆட்சிப்பகுதி',
  '99': 'மத்திய அதிகார வரம்பு',
};

const HINDI: Record<GstStateCode, string> = {
  '01': 'जम्मू और कश्मीर',
  '02': 'हिमाचल प्रदेश',
  '03': 'पंजाब',
  '04': 'चंडीगढ़',
  '05': 'उत्तराखंड',
  '06': 'हरियाणा',
  '07': 'दिल्ली',
  '08': 'राजस्थान',
  '09': 'उत्तर प्रदेश',
  '10': 'बिहार',
  '11': 'सिक्किम',
  '12': 'अरुणाचल प्रदेश',
  '13': 'नागालैंड',
  '14': 'मणिपुर',
  '15': 'मिज़ोरम',
  '16': 'त्रिपुरा',
  '17': 'मेघालय',
  '18': 'असम',
  '19': 'पश्चिम बंगाल',
  '20': 'झारखंड',
  '21': 'ओडिशा',
  '22': 'छत्तीसगढ़',
  '23': 'मध्य प्रदेश',
  '24': 'गुजरात',
  '25': 'दमन और दीव',
  '26': 'दादरा और नगर हवेली और दमन और दीव',
  '27': 'महाराष्ट्र',
  '28': 'आंध्र प्रदेश (विभाजन से पहले)',
  '29': 'कर्नाटक',
  '30': 'गोवा',
  '31': 'लक्षद्वीप',
  '32': 'केरल',
  '33': 'तमिलनाडु',
  '34': 'पुडुचेरी',
  '35': 'अंडमान और निकोबार द्वीपसमूह',
  '36': 'तेलंगाना',
  '37': 'आंध्र प्रदेश',
  '38': 'लद्दाख',
  '97': 'अन्य क्षेत्र',
  '99': 'केंद्र का क्षेत्राधिकार',
};

const NAMES: Record<Locale, Record<GstStateCode, string>> = { en: GST_STATES, ta: TAMIL, hi: HINDI };

/** A state code's name in the reader's language; a code GST_STATES does not know, as it is. */
export function gstStateName(code: string, locale: Locale): string {
  return isGstStateCode(code) ? NAMES[locale][code] : code;
}

const STATE_BY_NAME = new Map<string, GstStateCode>(
  Object.values(NAMES).flatMap((names) =>
    Object.entries(names).map(([code, name]) => [name.toLowerCase(), code as GstStateCode] as const),
  ),
);

/** A state's code from its name in any of the three languages (an import's state column), case ignored. */
export function gstStateCodeByName(name: string): GstStateCode | undefined {
  return STATE_BY_NAME.get(name.trim().toLowerCase());
}
