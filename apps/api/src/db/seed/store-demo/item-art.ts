import sharp from 'sharp';

/** The demo store's product photos: a studio backdrop in two colours and the product drawn as SVG. */
export type ItemGlyph = 'headphones' | 'speaker' | 'shirt' | 'bottle' | 'ticket' | 'backpack' | 'mug';

const glyphs: Record<ItemGlyph, string> = {
  headphones: `<path d="M176 300v-40a80 80 0 0 1 160 0v40" fill="none" stroke="#263238" stroke-width="22" stroke-linecap="round"/>
    <rect x="150" y="290" width="56" height="96" rx="24" fill="#263238"/><rect x="306" y="290" width="56" height="96" rx="24" fill="#263238"/>
    <rect x="162" y="304" width="32" height="68" rx="14" fill="#546e7a"/><rect x="318" y="304" width="32" height="68" rx="14" fill="#546e7a"/>`,
  speaker: `<rect x="176" y="150" width="160" height="240" rx="36" fill="#37474f"/>
    <circle cx="256" cy="310" r="52" fill="#263238"/><circle cx="256" cy="310" r="22" fill="#78909c"/>
    <circle cx="256" cy="208" r="24" fill="#263238"/><circle cx="256" cy="208" r="9" fill="#78909c"/>`,
  shirt: `<path d="M200 150l-70 40 30 62 34-16v154h124V236l34 16 30-62-70-40c-8 22-28 36-56 36s-48-14-56-36z" fill="#fafafa" stroke="#cfd8dc" stroke-width="6"/>
    <circle cx="256" cy="270" r="28" fill="none" stroke="#ff7043" stroke-width="10"/>`,
  bottle: `<rect x="226" y="130" width="60" height="34" rx="8" fill="#455a64"/>
    <path d="M216 172h80c14 0 24 12 24 26v170c0 18-14 30-30 30h-68c-16 0-30-12-30-30V198c0-14 10-26 24-26z" fill="#b0bec5"/>
    <rect x="192" y="230" width="128" height="60" fill="#eceff1" opacity="0.8"/>`,
  ticket: `<path d="M140 200h232v40a24 24 0 0 0 0 48v40H140v-40a24 24 0 0 0 0-48z" fill="#fff8e1" stroke="#ffb300" stroke-width="8"/>
    <path d="M300 204v120" stroke="#ffb300" stroke-width="6" stroke-dasharray="10 10"/>
    <path d="M200 250l14 28 30 4-22 20 6 30-28-16-28 16 6-30-22-20 30-4z" fill="#ff7043"/>`,
  backpack: `<path d="M216 150a40 40 0 0 1 80 0" fill="none" stroke="#37474f" stroke-width="14"/>
    <rect x="170" y="160" width="172" height="230" rx="50" fill="#1e88e5"/>
    <rect x="200" y="290" width="112" height="70" rx="16" fill="#1565c0"/><rect x="226" y="300" width="60" height="8" rx="4" fill="#90caf9"/>`,
  mug: `<path d="M170 190h150v150c0 26-20 44-44 44h-62c-24 0-44-18-44-44z" fill="#fafafa" stroke="#cfd8dc" stroke-width="6"/>
    <path d="M320 220h22a36 36 0 0 1 0 72h-22" fill="none" stroke="#cfd8dc" stroke-width="18"/>
    <path d="M210 160c0-16 14-16 14-32m24 32c0-16 14-16 14-32m24 32c0-16 14-16 14-32" stroke="#b0bec5" stroke-width="6" fill="none" stroke-linecap="round"/>`,
};

/** A 512×512 PNG: a soft backdrop from `from` to `to`, a floor shadow and the product. */
export async function makeItemArt(from: string, to: string, glyph: ItemGlyph): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="shadow" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <circle cx="420" cy="96" r="120" fill="#fff" opacity="0.12"/>
  <ellipse cx="256" cy="420" rx="150" ry="24" fill="url(#shadow)"/>
  ${glyphs[glyph]}
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
