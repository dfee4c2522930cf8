/**
 * A small map of India's bounding box, drawn here as SVG (no tiles, no map service: many shops and this store's
 * own machines have none): a grid every 5°, a few cities to find one's way, and the store's point. It follows
 * the latitude and longitude as they are typed.
 */
import { useEffect, useState } from 'react';
import { INDIA_BOUNDS } from '@milli/contracts';

const WIDTH = 300;
const HEIGHT = Math.round((WIDTH * (INDIA_BOUNDS.north - INDIA_BOUNDS.south)) / (INDIA_BOUNDS.east - INDIA_BOUNDS.west));
const PAD = 24;

/** Cities to find one's way by (their centres, rounded). */
const LANDMARKS = [
  { name: 'Delhi', lat: 28.61, lon: 77.21, side: 'right' },
  { name: 'Mumbai', lat: 19.08, lon: 72.88, side: 'right' },
  { name: 'Kolkata', lat: 22.57, lon: 88.36, side: 'right' },
  { name: 'Chennai', lat: 13.08, lon: 80.27, side: 'right' },
  { name: 'Bengaluru', lat: 12.97, lon: 77.59, side: 'left' },
  { name: 'Hyderabad', lat: 17.39, lon: 78.49, side: 'right' },
  { name: 'Ahmedabad', lat: 23.02, lon: 72.57, side: 'right' },
  { name: 'Guwahati', lat: 26.14, lon: 91.74, side: 'right' },
] as const;

const x = (lon: number) => PAD + ((lon - INDIA_BOUNDS.west) / (INDIA_BOUNDS.east - INDIA_BOUNDS.west)) * WIDTH;
const y = (lat: number) => PAD + ((INDIA_BOUNDS.north - lat) / (INDIA_BOUNDS.north - INDIA_BOUNDS.south)) * HEIGHT;

/** A typed coordinate as a number, or null while it is empty or not a number yet. */
export function readCoordinate(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export function inIndia(lat: number, lon: number): boolean {
  return lat >= INDIA_BOUNDS.south && lat <= INDIA_BOUNDS.north && lon >= INDIA_BOUNDS.west && lon <= INDIA_BOUNDS.east;
}

export function IndiaMap({ latitude, longitude, label }: { latitude: number | null; longitude: number | null; label: string }) {
  // Says when the map follows typing (after hydration): before that it shows the position the page was sent with.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const placed = latitude !== null && longitude !== null;
  const inside = placed && inIndia(latitude, longitude);
  const lats = [10, 15, 20, 25, 30, 35];
  const lons = [70, 75, 80, 85, 90, 95];
  const described = !placed
    ? 'No position yet: type the latitude and longitude, or use the pincode’s position.'
    : inside
      ? `${label} at ${latitude.toFixed(4)}° N, ${longitude.toFixed(4)}° E.`
      : `${latitude}, ${longitude} is outside India’s box (${INDIA_BOUNDS.south}–${INDIA_BOUNDS.north}° N, ${INDIA_BOUNDS.west}–${INDIA_BOUNDS.east}° E).`;
  return (
    <figure className="adm-map" data-live={live ? 'yes' : 'no'}>
      <svg viewBox={`0 0 ${WIDTH + 2 * PAD} ${HEIGHT + 2 * PAD}`} role="img" aria-labelledby="adm-map-caption" className="adm-map__svg">
        <rect x={PAD} y={PAD} width={WIDTH} height={HEIGHT} className="adm-map__box" />
        {lats.map((lat) => (
          <g key={`lat-${lat}`}>
            <line x1={PAD} x2={PAD + WIDTH} y1={y(lat)} y2={y(lat)} className="adm-map__grid" />
            <text x={PAD - 4} y={y(lat) + 3} className="adm-map__axis" textAnchor="end">
              {lat}°
            </text>
          </g>
        ))}
        {lons.map((lon) => (
          <g key={`lon-${lon}`}>
            <line y1={PAD} y2={PAD + HEIGHT} x1={x(lon)} x2={x(lon)} className="adm-map__grid" />
            <text x={x(lon)} y={PAD + HEIGHT + 14} className="adm-map__axis" textAnchor="middle">
              {lon}°
            </text>
          </g>
        ))}
        {LANDMARKS.map((c) => (
          <g key={c.name}>
            <circle cx={x(c.lon)} cy={y(c.lat)} r={2.5} className="adm-map__city" />
            <text
              x={c.side === 'left' ? x(c.lon) - 4 : x(c.lon) + 4}
              y={y(c.lat) + 3}
              textAnchor={c.side === 'left' ? 'end' : 'start'}
              className="adm-map__city-name"
            >
              {c.name}
            </text>
          </g>
        ))}
        {inside && (
          <g className="adm-map__pin" data-testid="store-pin">
            <line x1={x(longitude)} x2={x(longitude)} y1={PAD} y2={PAD + HEIGHT} className="adm-map__cross" />
            <line y1={y(latitude)} y2={y(latitude)} x1={PAD} x2={PAD + WIDTH} className="adm-map__cross" />
            <circle cx={x(longitude)} cy={y(latitude)} r={6} className="adm-map__point" />
          </g>
        )}
      </svg>
      <figcaption id="adm-map-caption" className="adm-hint">
        {described}
      </figcaption>
    </figure>
  );
}
