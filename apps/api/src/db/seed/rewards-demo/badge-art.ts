import sharp from 'sharp';

/** The demo badges' artwork: a medal in two colours with a glyph, drawn as SVG and encoded as PNG. */
export type BadgeGlyph = 'star' | 'flag' | 'bolt' | 'flame' | 'trophy' | 'shield' | 'heart' | 'chip';

const glyphs: Record<BadgeGlyph, string> = {
  star: 'M256 150l31 64 70 10-51 49 12 70-62-33-62 33 12-70-51-49 70-10z',
  flag: 'M196 146h16v220h-16zM212 150h120l-26 46 26 46H212z',
  bolt: 'M276 140l-92 132h64l-20 100 100-140h-66z',
  flame: 'M256 140c10 40 70 70 70 140a70 70 0 0 1-140 0c0-40 24-60 36-86 6 24 18 36 30 40-10-40-4-70 4-94z',
  trophy: 'M196 156h120v40c0 46-26 76-60 82v30h40v24h-120v-24h40v-30c-34-6-60-36-60-82v-40z',
  shield: 'M256 140l96 34v70c0 64-42 110-96 128-54-18-96-64-96-128v-70z',
  heart:
    'M256 360s-100-60-100-130c0-36 28-62 60-62 18 0 32 8 40 22 8-14 22-22 40-22 32 0 60 26 60 62 0 70-100 130-100 130z',
  chip: 'M206 186h100v100H206zm-36 20h24m-24 30h24m-24 30h24m124-60h24m-24 30h24m-24 30h24M226 150v24m30-24v24m30-24v24m-60 124v24m30-24v24m30-24v24',
};

/** A 512×512 PNG medal: ribbon, rim in `accent`, face in `primary`, the glyph in white. */
export async function makeBadgeArt(primary: string, accent: string, glyph: BadgeGlyph): Promise<Buffer> {
  const stroke =
    glyph === 'chip' ? ` stroke="#fff" stroke-width="14" stroke-linecap="round" fill="none"` : ' fill="#fff"';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <radialGradient id="face" cx="40%" cy="35%" r="70%">
      <stop offset="0" stop-color="${primary}" stop-opacity="0.85"/>
      <stop offset="1" stop-color="${primary}"/>
    </radialGradient>
  </defs>
  <path d="M176 330l-56 150 64-22 36 56 46-150z" fill="${accent}" opacity="0.9"/>
  <path d="M336 330l56 150-64-22-36 56-46-150z" fill="${accent}" opacity="0.9"/>
  <circle cx="256" cy="256" r="176" fill="${accent}"/>
  <circle cx="256" cy="256" r="150" fill="url(#face)"/>
  <circle cx="256" cy="256" r="150" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="6" stroke-dasharray="4 14"/>
  <path d="${glyphs[glyph]}"${stroke}/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
