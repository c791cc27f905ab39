import type { ChatContent, ChatTranslations } from './schemas/chat';

/**
 * The chat's texts an empty database is seeded with: SPEC §7's figures, which staff then edit
 * under Site → Chat. A named item's price, availability and warranty come from the catalogue, and
 * the answers about spare parts, delivery and warranty end with each kind's default availability
 * and warranty (decision 051), so these texts repeat none of those figures.
 */
/**
 * The seeded texts in Tamil and Hindi (issue 38), text by text with the English below; a fresh
 * start's chat answers in them on `/ta/` and `/hi/`. Apart from DEFAULT_CHAT, which the chat
 * window carries to answer with when the texts cannot be read, so that it does not carry these.
 */
export const DEFAULT_CHAT_TRANSLATIONS: ChatTranslations = {
  ta: {
    greeting:
      'வணக்கம்! நான் கோவை பிரிசிஷன் உதவியாளர். விலை, உதிரி பாகங்கள், பராமரிப்பு, விவரக்குறிப்புகள், டெலிவரி, பயிற்சி அல்லது வாரண்டி பற்றிக் கேளுங்கள். ஒரு மெஷின் அல்லது பாகத்தின் பெயரையோ குறியீட்டையோ (எ.கா. NP-38) சொன்னால் அதன் விலையைச் சொல்கிறேன்.',
    answers: {
      price:
        'எங்கள் கேப்ஸ்டன் லேத்கள் மற்றும் CNC மெஷின்களின் விலை, மாடல் மற்றும் கட்டமைப்பைப் பொறுத்து ₹15,00,000 முதல் ₹45,00,000 வரை. ஒரு மாடலின் பெயர் அல்லது குறியீட்டைச் (எ.கா. NP-38) சொன்னால் அதன் கேட்டலாக் விலையைச் சொல்கிறேன்; துல்லியமான விலைக்குத் தொடர்புப் படிவம் மூலம் விலைப்புள்ளி கேளுங்கள்.',
      spares:
        'எங்கள் எல்லா மெஷின்களுக்குமான அசல் உதிரி பாகங்களை இருப்பில் வைத்திருக்கிறோம்; இந்தியா முழுவதும் அனுப்புகிறோம். பாகத்தின் பெயர் அல்லது குறியீட்டைச் சொன்னால் அதன் விலையைச் சொல்கிறேன்; அல்லது உங்கள் மெஷின் மாடலையும் தேவையான பாகத்தையும் எங்களுக்குத் தெரிவியுங்கள்.',
      maintenance:
        'எங்கள் வருடாந்திரப் பராமரிப்பு ஒப்பந்தங்கள் ஆண்டுக்கு ₹28,000 முதல் ₹85,000 வரை: தடுப்புப் பராமரிப்பு வருகைகள், கேலிப்ரேஷன், பழுதின்போது முன்னுரிமை உதவி ஆகியவை அடங்கும்.',
      specifications:
        'ஒவ்வொரு மெஷினுக்கும் முழுமையான தொழில்நுட்ப விவரக்குறிப்புத் தாள் உண்டு: டர்னிங் திறன், ஸ்பிண்டில் போர், வேகங்கள், மோட்டார் திறன் மற்றும் பல. எங்கள் கேட்டலாக்கில் எந்த மெஷினையும் திறந்து அதன் விவரக்குறிப்புகளைப் பாருங்கள், அல்லது மாடல்களின் ஒப்பீட்டை எங்களிடம் கேளுங்கள்.',
      delivery:
        'டெலிவரி நேரம் ஆர்டர் உறுதிசெய்யப்பட்ட நாளிலிருந்து கணக்கிடப்படுகிறது. ஒரு மெஷின் அல்லது பாகத்தின் பெயரைச் (எ.கா. NP-38) சொன்னால் அதன் டெலிவரி நேரத்தைச் சொல்கிறேன்.',
      training:
        'நிறுவிய பிறகு உங்கள் ஆப்பரேட்டர்களுக்கு உங்கள் இடத்திலேயே பயிற்சி அளிக்கிறோம். மெஷினையும் உங்கள் குழுவின் அனுபவத்தையும் பொறுத்து பயிற்சி 3-10 நாட்கள் ஆகும்.',
      warranty:
        'மெஷின் வாரண்டியை 5 ஆண்டுகள் வரை நீட்டிக்கலாம். ஒரு மெஷின் அல்லது பாகத்தின் பெயரைச் (எ.கா. NP-38) சொன்னால் அதன் வாரண்டியைச் சொல்கிறேன்.',
    },
    fallback:
      'உங்கள் செய்திக்கு நன்றி! இதற்கான பதில் இங்கே கிடைக்கவில்லை. தொடர்புப் படிவம் மூலம் விலைப்புள்ளி கேளுங்கள் அல்லது WhatsApp-ல் செய்தி அனுப்புங்கள்; எங்கள் குழு பதில் அளிக்கும். விலை, உதிரி பாகங்கள், பராமரிப்பு, விவரக்குறிப்புகள், டெலிவரி, பயிற்சி அல்லது வாரண்டி பற்றியும் என்னிடம் கேட்கலாம்.',
  },
  hi: {
    greeting:
      'नमस्ते! मैं कोवई प्रिसिज़न का सहायक हूँ। कीमत, स्पेयर पार्ट्स, मेंटेनेंस, स्पेसिफिकेशन, डिलीवरी, ट्रेनिंग या वारंटी के बारे में पूछें, या किसी मशीन या पार्ट का नाम या कोड लिखें (जैसे NP-38), मैं उसकी कीमत बताऊँगा।',
    answers: {
      price:
        'हमारी कैप्स्टन लेथ और CNC मशीनों की कीमत मॉडल और कॉन्फ़िगरेशन के अनुसार ₹15,00,000 से ₹45,00,000 तक है। किसी मॉडल का नाम या कोड (जैसे NP-38) लिखें, मैं उसकी कैटलॉग कीमत बताऊँगा; सटीक कीमत के लिए संपर्क फ़ॉर्म से कोटेशन माँगें।',
      spares:
        'हम अपनी सभी मशीनों के असली स्पेयर पार्ट्स स्टॉक में रखते हैं और पूरे भारत में भेजते हैं। पार्ट का नाम या कोड लिखें, मैं उसकी कीमत बताऊँगा; या हमें अपनी मशीन का मॉडल और ज़रूरी पार्ट बताएँ।',
      maintenance:
        'हमारे सालाना मेंटेनेंस कॉन्ट्रैक्ट ₹28,000 से ₹85,000 प्रति वर्ष तक हैं, जिनमें निवारक विज़िट, कैलिब्रेशन और ब्रेकडाउन पर प्राथमिकता से सहायता शामिल है।',
      specifications:
        'हर मशीन के साथ पूरी तकनीकी स्पेसिफिकेशन शीट मिलती है: टर्निंग क्षमता, स्पिंडल बोर, स्पीड, मोटर पावर और भी बहुत कुछ। हमारे कैटलॉग में कोई भी मशीन खोलकर उसकी स्पेसिफिकेशन देखें, या हमसे मॉडलों की तुलना माँगें।',
      delivery:
        'डिलीवरी का समय ऑर्डर की पुष्टि से गिना जाता है। किसी मशीन या पार्ट का नाम लिखें (जैसे NP-38), मैं उसका डिलीवरी समय बताऊँगा।',
      training:
        'इंस्टॉलेशन के बाद हम आपके ऑपरेटरों को आपकी साइट पर ही ट्रेनिंग देते हैं। मशीन और आपकी टीम के अनुभव के अनुसार ट्रेनिंग में 3-10 दिन लगते हैं।',
      warranty: 'मशीन की वारंटी 5 साल तक बढ़ाई जा सकती है। किसी मशीन या पार्ट का नाम लिखें (जैसे NP-38), मैं उसकी वारंटी बताऊँगा।',
    },
    fallback:
      'आपके संदेश के लिए धन्यवाद! इसका जवाब मुझे यहाँ नहीं मिला। संपर्क फ़ॉर्म से कोटेशन माँगें या WhatsApp पर संदेश भेजें, हमारी टीम जवाब देगी। आप मुझसे कीमत, स्पेयर पार्ट्स, मेंटेनेंस, स्पेसिफिकेशन, डिलीवरी, ट्रेनिंग या वारंटी के बारे में भी पूछ सकते हैं।',
  },
};

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
