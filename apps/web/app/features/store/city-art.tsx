import type { ReactNode } from 'react';

/**
 * Line drawings of a landmark for each store city, on a 200 × 120 stage, in currentColor so the tile
 * decides the colour. Decorative: the tile's text names the city.
 */
const LANDMARKS: Record<string, ReactNode> = {
  // Gateway of India, with the harbour in front
  Mumbai: (
    <>
      <path d="M66 100V42h68v58M86 100V70a14 14 0 0 1 28 0v30" />
      <path d="M48 100V58h18M134 58h18v42M54 100V80a6 6 0 0 1 12 0M134 80a6 6 0 0 1 12 0v20" />
      <path d="M66 42V36h68v6M70 36V28h10v8M120 36V28h10v8M70 28q5-10 10 0M120 28q5-10 10 0M48 58v-6h10v6M142 52h10v6M48 52q5-8 10 0M142 52q5-8 10 0" />
      <path d="M88 50h24M92 56h16" />
      <path d="M8 108q8-4 16 0t16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0M24 115q8-4 16 0t16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0" />
    </>
  ),
  // India Gate on Kartavya Path, with trees either side
  Delhi: (
    <>
      <path d="M56 100h88M60 100v-4h80v4" />
      <path d="M72 96V36h56v60M88 96V60a12 12 0 0 1 24 0v36" />
      <path d="M68 36h64M70 30h60v6M80 30v-8h40v8M90 22q10-10 20 0" />
      <path d="M76 46h8M116 46h8M76 52h8M116 52h8" />
      <path d="M28 100V84M22 84a6 6 0 1 1 12 0 6 6 0 0 1-12 0M172 100V84M166 84a6 6 0 1 1 12 0 6 6 0 0 1-12 0" />
      <path d="M8 100h184" />
    </>
  ),
  // Vidhana Soudha: the long colonnade under a great dome
  Bangalore: (
    <>
      <path d="M24 100V62h152v38M20 62h160M24 100h152" />
      <path d="M36 68v32M48 68v32M60 68v32M72 68v32M128 68v32M140 68v32M152 68v32M164 68v32" />
      <path d="M82 100V76h36v24M94 100V84a6 6 0 0 1 12 0v16" />
      <path d="M72 62l28-16 28 16M88 46V36h24v10M84 36q16-28 32 0M100 14V9" />
      <circle cx="100" cy="7" r="2" />
      <path d="M28 62q6-12 12 0M160 62q6-12 12 0" />
    </>
  ),
  // a temple gopuram of Mylapore, tier upon tier, with a palm beside it
  Chennai: (
    <>
      <path d="M66 100V86h68v14M92 100V92a8 8 0 0 1 16 0v8" />
      <path d="M66 86l4-12h60l4 12M70 74l4-11h52l4 11M74 63l4-10h44l4 10M78 53l4-9h36l4 9M82 44l3-8h30l3 8" />
      <path d="M85 36q15-20 30 0Z" />
      <path d="M92 24v-6M100 20v-8M108 24v-6" />
      <path d="M80 80h6M94 80h6M108 80h6M84 69h6M98 69h6M110 69h6M88 58h6M102 58h6" />
      <path d="M164 100c2-16 0-30-6-42M158 58q-14-4-22 6M158 58q-4-14 8-20M158 58q12-6 22 4M158 58q-10 6-12 18" />
      <path d="M8 100h184" />
    </>
  ),
  // Shaniwar Wada: bastions and the Delhi Darwaza gate
  Pune: (
    <>
      <path d="M20 100V66h160v34M20 66v-4h6v4h8v-4h6v4M160 66v-4h6v4h8v-4h6v4" />
      <path d="M30 100V52h20v48M150 100V52h20v48M30 52v-4h5v4h5v-4h5v4h5v-4M150 52v-4h5v4h5v-4h5v4h5v-4" />
      <path d="M82 100V40h36v60M90 100V76q10-18 20 0v24M84 40l16-10 16 10M100 30V12l12 4-12 4" />
      <path d="M60 78h10M130 78h10M62 88h6M132 88h6" />
      <path d="M8 100h184" />
    </>
  ),
  // Howrah Bridge over the Hooghly
  Kolkata: (
    <>
      <path d="M0 84h200" />
      <path d="M56 100V34M64 100V34M136 100V34M144 100V34M56 34h8M136 34h8" />
      <path d="M0 70l56-36M64 34l36 32 36-32M144 34l56 36" />
      <path d="M12 84l12-22M24 84l12-30M36 84l12-38M76 84l8-38M88 84l12-18M112 84l-12-18M124 84l-8-38M152 84l12-38M164 84l12-30M176 84l12-22" />
      <path d="M8 104q8-4 16 0t16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0M20 112q8-4 16 0t16 0 16 0 16 0 16 0 16 0 16 0 16 0 16 0" />
    </>
  ),
};

export function CityArt({ city }: { city: string }) {
  return (
    <svg
      viewBox="0 0 200 120"
      width="200"
      height="120"
      className="city-art"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M172 14a10 10 0 1 0 9 15a8 8 0 1 1-9-15Z" className="city-art-moon" />
      {LANDMARKS[city]}
    </svg>
  );
}
