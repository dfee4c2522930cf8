import type { NewStore } from '../schema.ts';

/**
 * Demo showrooms in the six cities of the store locator (spec: Mumbai, Delhi, Bangalore, Chennai,
 * Pune, Kolkata), four each. Streets, localities and PIN codes are real places in each city; the
 * shops and phone numbers are invented.
 */
const HOURS = 'Mon-Sun 10:30 am - 8:30 pm';
const HOURS_MARKET = 'Mon-Sat 11:00 am - 8:00 pm, Sun closed';

export const DEMO_STORES: Omit<NewStore, 'id'>[] = [
  // Mumbai
  { city: 'Mumbai', name: 'Milli Bandra', address: 'Shop 4, Silver Arch, 22 Linking Road, Bandra West, Mumbai', pincode: '400050', phone: '+91 22 4000 2101', hours: HOURS, latitude: 19.0626, longitude: 72.8347 },
  { city: 'Mumbai', name: 'Milli Zaveri Bazaar', address: '14 Sheikh Memon Street, Zaveri Bazaar, Kalbadevi, Mumbai', pincode: '400002', phone: '+91 22 4000 2102', hours: HOURS_MARKET, latitude: 18.9497, longitude: 72.8331 },
  { city: 'Mumbai', name: 'Milli Ghatkopar', address: 'Ground Floor, Neelkanth Plaza, M G Road, Ghatkopar East, Mumbai', pincode: '400077', phone: '+91 22 4000 2103', hours: HOURS, latitude: 19.079, longitude: 72.908 },
  { city: 'Mumbai', name: 'Milli Borivali', address: 'Shop 2, Chandavarkar Road, Borivali West, Mumbai', pincode: '400092', phone: '+91 22 4000 2104', hours: HOURS, latitude: 19.2307, longitude: 72.8567 },
  // Delhi
  { city: 'Delhi', name: 'Milli Karol Bagh', address: '2604 Beadon Pura, Ajmal Khan Road, Karol Bagh, New Delhi', pincode: '110005', phone: '+91 11 4000 3101', hours: HOURS_MARKET, latitude: 28.6519, longitude: 77.1909 },
  { city: 'Delhi', name: 'Milli South Extension', address: 'E-12, South Extension Part II, New Delhi', pincode: '110049', phone: '+91 11 4000 3102', hours: HOURS, latitude: 28.568, longitude: 77.2197 },
  { city: 'Delhi', name: 'Milli Rajouri Garden', address: 'J-2/14, Main Market, Rajouri Garden, New Delhi', pincode: '110027', phone: '+91 11 4000 3103', hours: HOURS, latitude: 28.6415, longitude: 77.1209 },
  { city: 'Delhi', name: 'Milli Dariba Kalan', address: '1170 Dariba Kalan, Chandni Chowk, Delhi', pincode: '110006', phone: '+91 11 4000 3104', hours: HOURS_MARKET, latitude: 28.6556, longitude: 77.232 },
  // Bangalore
  { city: 'Bangalore', name: 'Milli Jayanagar', address: '38, 11th Main Road, 4th Block, Jayanagar, Bengaluru', pincode: '560011', phone: '+91 80 4000 4101', hours: HOURS, latitude: 12.9293, longitude: 77.5825 },
  { city: 'Bangalore', name: 'Milli Commercial Street', address: '52 Commercial Street, Tasker Town, Bengaluru', pincode: '560001', phone: '+91 80 4000 4102', hours: HOURS, latitude: 12.9822, longitude: 77.6083 },
  { city: 'Bangalore', name: 'Milli Malleshwaram', address: '91 Sampige Road, Malleshwaram, Bengaluru', pincode: '560003', phone: '+91 80 4000 4103', hours: HOURS, latitude: 13.0035, longitude: 77.5709 },
  { city: 'Bangalore', name: 'Milli Indiranagar', address: '612, 100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru', pincode: '560038', phone: '+91 80 4000 4104', hours: HOURS, latitude: 12.9719, longitude: 77.6412 },
  // Chennai
  { city: 'Chennai', name: 'Milli T. Nagar', address: '45 North Usman Road, T. Nagar, Chennai', pincode: '600017', phone: '+91 44 4000 5101', hours: HOURS, latitude: 13.0418, longitude: 80.2341 },
  { city: 'Chennai', name: 'Milli Mylapore', address: '12 Luz Church Road, Mylapore, Chennai', pincode: '600004', phone: '+91 44 4000 5102', hours: HOURS, latitude: 13.0339, longitude: 80.2619 },
  { city: 'Chennai', name: 'Milli Anna Nagar', address: 'AC-28, 2nd Avenue, Anna Nagar, Chennai', pincode: '600040', phone: '+91 44 4000 5103', hours: HOURS, latitude: 13.085, longitude: 80.2101 },
  { city: 'Chennai', name: 'Milli Velachery', address: 'Shop 7, 100 Feet Bypass Road, Velachery, Chennai', pincode: '600042', phone: '+91 44 4000 5104', hours: HOURS, latitude: 12.9791, longitude: 80.2209 },
  // Pune
  { city: 'Pune', name: 'Milli Laxmi Road', address: '580 Laxmi Road, Budhwar Peth, Pune', pincode: '411002', phone: '+91 20 4000 6101', hours: HOURS_MARKET, latitude: 18.515, longitude: 73.856 },
  { city: 'Pune', name: 'Milli FC Road', address: '1204 Fergusson College Road, Shivajinagar, Pune', pincode: '411004', phone: '+91 20 4000 6102', hours: HOURS, latitude: 18.5236, longitude: 73.8412 },
  { city: 'Pune', name: 'Milli Koregaon Park', address: 'Lane 6, North Main Road, Koregaon Park, Pune', pincode: '411001', phone: '+91 20 4000 6103', hours: HOURS, latitude: 18.5362, longitude: 73.894 },
  { city: 'Pune', name: 'Milli Aundh', address: '18 ITI Road, Aundh, Pune', pincode: '411007', phone: '+91 20 4000 6104', hours: HOURS, latitude: 18.558, longitude: 73.8075 },
  // Kolkata
  { city: 'Kolkata', name: 'Milli Park Street', address: '34 Park Street, Kolkata', pincode: '700016', phone: '+91 33 4000 7101', hours: HOURS, latitude: 22.5535, longitude: 88.3526 },
  { city: 'Kolkata', name: 'Milli Gariahat', address: '212 Rash Behari Avenue, Gariahat, Kolkata', pincode: '700019', phone: '+91 33 4000 7102', hours: HOURS, latitude: 22.5186, longitude: 88.3656 },
  { city: 'Kolkata', name: 'Milli Bowbazar', address: '158 B B Ganguly Street, Bowbazar, Kolkata', pincode: '700012', phone: '+91 33 4000 7103', hours: HOURS_MARKET, latitude: 22.5687, longitude: 88.3614 },
  { city: 'Kolkata', name: 'Milli Salt Lake', address: 'CF-354, Sector I, Salt Lake City, Kolkata', pincode: '700064', phone: '+91 33 4000 7104', hours: HOURS, latitude: 22.586, longitude: 88.4116 },
].map((store, i) => ({ ...store, sortOrder: i + 1, active: true }));
