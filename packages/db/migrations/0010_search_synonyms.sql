CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL
);
--> statement-breakpoint
-- hand-written below
-- A change to the synonyms changes search answers: announce it like a catalogue change (decision 017), so every
-- instance drops its kept answers and its copy of the search's vocabulary.
CREATE TRIGGER milli_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION milli_catalogue_changed();
--> statement-breakpoint
-- The jewellery words of India (decision 026). Terms are lower case; a term of several words needs all of them.
-- Each group: English and the catalogue's words, romanised Hindi and their spellings, Devanagari, Tamil.
INSERT INTO search_synonyms (terms) VALUES
  -- categories
  (ARRAY['necklace', 'necklaces', 'neckless', 'necklase', 'haar', 'haram', 'हार', 'नेकलेस', 'ஆரம்', 'நெக்லஸ்', 'மாலை']),
  (ARRAY['ring', 'rings', 'finger ring', 'fingerring', 'angoothi', 'anguthi', 'angothi', 'mundri', 'अंगूठी', 'अँगूठी', 'अंगुठी', 'मुंदरी', 'மோதிரம்', 'மோதிரங்கள்']),
  (ARRAY['earrings', 'earring', 'ear ring', 'ear rings', 'ईयररिंग', 'ईयररिंग्स', 'कान की बाली', 'காதணி', 'காதணிகள்', 'கம்மல்']),
  (ARRAY['bangle', 'bangles', 'chudi', 'choodi', 'churi', 'chudiyan', 'kangan', 'चूड़ी', 'चूड़ियाँ', 'चूड़ियां', 'कंगन', 'வளையல்', 'வளையல்கள்']),
  (ARRAY['bracelet', 'bracelets', 'ब्रेसलेट', 'பிரேஸ்லெட்', 'கைச்சங்கிலி']),
  (ARRAY['chain', 'chains', 'sankli', 'sankla', 'zanjeer', 'janjeer', 'चेन', 'ज़ंजीर', 'जंजीर', 'सांकली', 'செயின்', 'சங்கிலி']),
  (ARRAY['pendant', 'pendants', 'locket', 'lockets', 'लॉकेट', 'पेंडेंट', 'டாலர்', 'பதக்கம்', 'லாக்கெட்']),
  (ARRAY['nose pin', 'nose pins', 'nosepin', 'nosepins', 'laung', 'loung', 'लौंग', 'नोज़ पिन', 'नोज पिन', 'மூக்குத்தி']),
  (ARRAY['nath', 'nathni', 'nose ring', 'nosering', 'नथ', 'नथनी', 'நத்து']),
  (ARRAY['mangalsutra', 'mangal sutra', 'mangalsutras', 'mangalsootra', 'thali', 'taali', 'मंगलसूत्र', 'தாலி', 'மாங்கல்யம்']),
  (ARRAY['anklet', 'anklets', 'payal', 'paayal', 'pajeb', 'payals', 'पायल', 'पाजेब', 'கொலுசு']),
  (ARRAY['toe ring', 'toe rings', 'bichiya', 'bichhiya', 'बिछिया', 'மெட்டி']),
  -- styles
  (ARRAY['jhumka', 'jhumkas', 'jhumki', 'jhumkis', 'jhumkha', 'jhumke', 'jumka', 'jimikki', 'झुमका', 'झुमकी', 'झुमके', 'ஜிமிக்கி', 'ஜிமிக்கிகள்']),
  (ARRAY['kada', 'kadas', 'kadaa', 'kara', 'karra', 'कड़ा', 'कड़े', 'காப்பு']),
  (ARRAY['bali', 'baali', 'balis', 'hoop', 'hoops', 'बाली', 'बालियाँ', 'बालियां']),
  (ARRAY['chandbali', 'chandbalis', 'chand bali', 'चांदबाली', 'चाँदबाली']),
  (ARRAY['choker', 'chokers', 'चोकर', 'சோக்கர்']),
  (ARRAY['solitaire', 'solitaires', 'solitare', 'सॉलिटेयर', 'சொலிடர்']),
  (ARRAY['stud', 'studs', 'tops', 'टॉप्स', 'கம்மல் ஸ்டட்']),
  (ARRAY['kundan', 'कुंदन', 'குந்தன்']),
  (ARRAY['meenakari', 'minakari', 'meenakaari', 'मीनाकारी']),
  (ARRAY['temple', 'kemp', 'kemp stone', 'टेम्पल', 'கோவில்', 'கெம்ப்']),
  (ARRAY['men', 'mens', 'gents', 'gent', 'male', 'पुरुष', 'ஆண்கள்']),
  (ARRAY['women', 'womens', 'ladies', 'lady', 'female', 'महिला', 'பெண்கள்']),
  (ARRAY['kids', 'kid', 'children', 'child', 'baby', 'बच्चे', 'बच्चों', 'குழந்தை']),
  (ARRAY['wedding', 'bridal', 'shaadi', 'shadi', 'vivah', 'शादी', 'विवाह', 'திருமணம்']),
  (ARRAY['engagement', 'sagai', 'सगाई', 'நிச்சயதார்த்தம்']),
  -- metals and purity
  (ARRAY['gold', 'sona', 'sone', 'सोना', 'सोने', 'स्वर्ण', 'தங்கம்']),
  (ARRAY['silver', 'chandi', 'chaandi', 'चांदी', 'चाँदी', 'வெள்ளி']),
  (ARRAY['platinum', 'plat', 'प्लैटिनम', 'प्लेटिनम', 'பிளாட்டினம்']),
  (ARRAY['diamond', 'diamonds', 'heera', 'hira', 'हीरा', 'हीरे', 'வைரம்']),
  (ARRAY['22kt', '22k', '22 k', '22 kt', '22ct', '22 ct', '22 carat', '22 karat', '22carat', '22karat', '916', '916 gold', '22 कैरेट', '22 காரட்']),
  (ARRAY['18kt', '18k', '18 k', '18 kt', '18ct', '18 ct', '18 carat', '18 karat', '18carat', '18karat', '750', '750 gold', '18 कैरेट']),
  (ARRAY['14kt', '14k', '14 k', '14 kt', '14ct', '14 ct', '14 carat', '14 karat', '14carat', '14karat', '585', '585 gold']),
  (ARRAY['24kt', '24k', '24 k', '24 kt', '24ct', '24 ct', '24 carat', '24 karat', '24carat', '24karat', '999', 'pure gold', '999 gold']),
  (ARRAY['platinum 950', 'pt950', 'pt 950', '950 platinum']),
  (ARRAY['silver 925', '925 silver', 'sterling', 'sterling silver', '92.5 silver']),
  -- stones
  (ARRAY['navaratna', 'navratna', 'navrathna', 'navarathna', 'navratan', 'nine gems', 'नवरत्न', 'நவரத்தினம்']),
  (ARRAY['polki', 'uncut diamond', 'पोल्की']),
  (ARRAY['pearl', 'pearls', 'perl', 'moti', 'mothi', 'मोती', 'முத்து']),
  (ARRAY['ruby', 'rubies', 'manik', 'manikya', 'maanik', 'माणिक', 'माणिक्य', 'மாணிக்கம்']),
  (ARRAY['emerald', 'emeralds', 'panna', 'पन्ना', 'மரகதம்']),
  (ARRAY['sapphire', 'sapphires', 'neelam', 'नीलम', 'நீலம்']),
  (ARRAY['coral', 'corals', 'moonga', 'munga', 'मूंगा', 'பவளம்']),
  (ARRAY['gem stone', 'gemstone', 'gemstones', 'gems', 'ratna', 'रत्न', 'ரத்தினம்']);
