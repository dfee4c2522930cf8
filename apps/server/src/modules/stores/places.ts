/**
 * Where a shopper's search points, without a geocoding service: the main cities of India with the other
 * names people still use for them, their centre, and the first digits of their PIN codes. A search for a
 * city or a PIN code then has a position, and the stores a distance from it.
 */
export interface Place {
  name: string;
  /** Other names and spellings: the old British ones, the local ones, common misspellings. */
  aliases: readonly string[];
  latitude: number;
  longitude: number;
  /** Leading digits of the place's PIN codes; the longest that matches a PIN wins. */
  pins: readonly string[];
}

const place = (name: string, latitude: number, longitude: number, pins: string[], aliases: string[] = []): Place => ({
  name,
  aliases,
  latitude,
  longitude,
  pins,
});

export const PLACES: readonly Place[] = [
  place('Delhi', 28.6139, 77.209, ['110'], ['New Delhi', 'Dilli']),
  place('Gurugram', 28.4595, 77.0266, ['122'], ['Gurgaon']),
  place('Noida', 28.5355, 77.391, ['2013'], ['Gautam Buddh Nagar']),
  place('Ghaziabad', 28.6692, 77.4538, ['2010']),
  place('Faridabad', 28.4089, 77.3178, ['121']),
  place('Mumbai', 19.076, 72.8777, ['400'], ['Bombay']),
  place('Thane', 19.2183, 72.9781, ['4006']),
  place('Navi Mumbai', 19.033, 73.0297, ['4007'], ['New Bombay']),
  place('Pune', 18.5204, 73.8567, ['411', '412'], ['Poona']),
  place('Bangalore', 12.9716, 77.5946, ['560'], ['Bengaluru', 'Banglore', 'Bangaluru']),
  place('Mysuru', 12.2958, 76.6394, ['570'], ['Mysore']),
  place('Mangaluru', 12.9141, 74.856, ['575'], ['Mangalore']),
  place('Chennai', 13.0827, 80.2707, ['600'], ['Madras']),
  place('Coimbatore', 11.0168, 76.9558, ['641'], ['Kovai']),
  place('Madurai', 9.9252, 78.1198, ['625']),
  place('Tiruchirappalli', 10.7905, 78.7047, ['620'], ['Trichy', 'Tiruchi']),
  place('Puducherry', 11.9416, 79.8083, ['605'], ['Pondicherry', 'Pondy']),
  place('Hyderabad', 17.385, 78.4867, ['500'], ['Secunderabad', 'Cyberabad']),
  place('Visakhapatnam', 17.6868, 83.2185, ['530'], ['Vizag', 'Vishakhapatnam', 'Waltair']),
  place('Vijayawada', 16.5062, 80.648, ['520'], ['Bezawada']),
  place('Kolkata', 22.5726, 88.3639, ['700'], ['Calcutta']),
  place('Howrah', 22.5958, 88.2636, ['711']),
  place('Bhubaneswar', 20.2961, 85.8245, ['751']),
  place('Patna', 25.5941, 85.1376, ['800']),
  place('Guwahati', 26.1445, 91.7362, ['781'], ['Gauhati']),
  place('Ahmedabad', 23.0225, 72.5714, ['380'], ['Amdavad']),
  place('Surat', 21.1702, 72.8311, ['395']),
  place('Vadodara', 22.3072, 73.1812, ['390'], ['Baroda']),
  place('Jaipur', 26.9124, 75.7873, ['302'], ['Pink City']),
  place('Chandigarh', 30.7333, 76.7794, ['160']),
  place('Shimla', 31.1048, 77.1734, ['171'], ['Simla']),
  place('Lucknow', 26.8467, 80.9462, ['226']),
  place('Kanpur', 26.4499, 80.3319, ['208'], ['Cawnpore']),
  place('Varanasi', 25.3176, 82.9739, ['221'], ['Benares', 'Banaras', 'Kashi']),
  place('Prayagraj', 25.4358, 81.8463, ['211'], ['Allahabad']),
  place('Indore', 22.7196, 75.8577, ['452']),
  place('Bhopal', 23.2599, 77.4126, ['462']),
  place('Nagpur', 21.1458, 79.0882, ['440']),
  place('Panaji', 15.4909, 73.8278, ['403'], ['Panjim', 'Goa']),
  place('Kochi', 9.9312, 76.2673, ['682'], ['Cochin', 'Ernakulam']),
  place('Thiruvananthapuram', 8.5241, 76.9366, ['695'], ['Trivandrum']),
  place('Kozhikode', 11.2588, 75.7804, ['673'], ['Calicut']),
];

/**
 * Text compared loosely: lower case, letters and digits only, so 'T Nagar', 't.nagar' and 'T. Nagar'
 * are one, and so are 'New Delhi' and 'newdelhi'.
 */
export function compact(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const BY_NAME = new Map<string, Place>();
for (const p of PLACES) for (const n of [p.name, ...p.aliases]) BY_NAME.set(compact(n), p);

/** The place a city name (any of its names, any spelling of spaces and stops) stands for. */
export function placeNamed(text: string): Place | null {
  return BY_NAME.get(compact(text)) ?? null;
}

/** The place a PIN code lies in, by its longest matching leading digits. */
export function placeOfPin(pincode: string): Place | null {
  let best: Place | null = null;
  let bestLength = 0;
  for (const p of PLACES) {
    for (const prefix of p.pins) {
      if (prefix.length > bestLength && pincode.startsWith(prefix)) {
        best = p;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

export interface Position {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine): straight-line, not by road, and said so on screen. */
export function distanceKm(a: Position, b: Position): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A store's position, when it has one (0, 0 is the sea off Africa: nobody's shop). */
export function hasPosition(p: Partial<Position>): p is Position {
  return Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && !(p.latitude === 0 && p.longitude === 0);
}
