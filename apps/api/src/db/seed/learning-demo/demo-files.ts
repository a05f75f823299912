import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';

/**
 * Demo files that have no committed source: the legacy Flash placeholder, the sign kit zip, the
 * planogram image and the trail covers. All are made in a few milliseconds and are deterministic.
 */

const FIXED_MTIME = new Date('2025-01-01T00:00:00Z');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const FONT = 'Liberation Sans, DejaVu Sans, Arial, sans-serif';

/**
 * A valid, empty SWF movie (uncompressed, version 10, 550×400, one white frame): enough to be recognised
 * as Flash by the upload check and downloaded from the player's "not supported" message.
 */
export function makeSwf(): Buffer {
  const bits: number[] = [];
  const put = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((value >> i) & 1);
  };
  // The frame RECT in twips: 5 bits of field width, then xMin, xMax, yMin, yMax.
  put(15, 5);
  for (const v of [0, 550 * 20, 0, 400 * 20]) put(v, 15);
  while (bits.length % 8) bits.push(0);
  const rect = Buffer.alloc(bits.length / 8);
  for (let i = 0; i < bits.length; i++) if (bits[i]) rect[i >> 3]! |= 0x80 >> (i & 7);
  const body = Buffer.concat([
    rect,
    Buffer.from([0x00, 0x18]), // 24 frames per second (8.8 fixed point)
    Buffer.from([0x01, 0x00]), // one frame
    Buffer.from([0x43, 0x02, 0xff, 0xff, 0xff]), // SetBackgroundColor (9), 3 bytes: white
    Buffer.from([0x40, 0x00]), // ShowFrame (1)
    Buffer.from([0x00, 0x00]), // End (0)
  ]);
  const header = Buffer.from([0x46, 0x57, 0x53, 10, 0, 0, 0, 0]); // "FWS", version 10, length
  header.writeUInt32LE(header.length + body.length, 4);
  return Buffer.concat([header, body]);
}

function priceTagSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">
  <rect x="4" y="4" width="592" height="292" rx="24" fill="#fff" stroke="#0b7285" stroke-width="8"/>
  <text x="40" y="80" font-family="${FONT}" font-size="34" font-weight="700" fill="#0b7285">NOME DO PRODUTO</text>
  <text x="40" y="120" font-family="${FONT}" font-size="22" fill="#495057">Descrição curta · código 000000</text>
  <text x="40" y="230" font-family="${FONT}" font-size="96" font-weight="700" fill="#e8590c">R$ 0,00</text>
  <text x="40" y="272" font-family="${FONT}" font-size="20" fill="#495057">ou 10× de R$ 0,00 sem juros</text>
</svg>`;
}

function posterSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2480" height="3508" viewBox="0 0 2480 3508">
  <rect width="2480" height="3508" fill="#0b7285"/>
  <circle cx="2100" cy="500" r="700" fill="#15aabf" fill-opacity="0.35"/>
  <text x="200" y="1200" font-family="${FONT}" font-size="260" font-weight="700" fill="#fff">OFERTA</text>
  <text x="200" y="1500" font-family="${FONT}" font-size="260" font-weight="700" fill="#fff">DA SEMANA</text>
  <rect x="200" y="1800" width="2080" height="900" rx="60" fill="#fff"/>
  <text x="300" y="2300" font-family="${FONT}" font-size="140" fill="#0b7285">Escreva aqui o produto</text>
  <text x="200" y="3200" font-family="${FONT}" font-size="90" fill="#e3fafc">Válido enquanto durarem os estoques.</text>
</svg>`;
}

/** The sign kit: a read-me, a price tag and an A4 poster to print (SVG opens in any browser). */
export function makeSignKitZip(): Buffer {
  const readme = [
    'Kit de sinalização Aurora',
    '',
    'etiqueta-de-preco.svg  Etiqueta de preço para gôndola (10 × 5 cm).',
    'cartaz-oferta-a4.svg   Cartaz A4 de oferta da semana.',
    '',
    'Abra os arquivos no navegador e imprima em tamanho real (100%).',
    'Preço sempre visível: a etiqueta fica na altura dos olhos, alinhada à esquerda do produto.',
    '',
  ].join('\r\n');
  return Buffer.from(
    zipSync(
      {
        'kit-de-sinalizacao/LEIA-ME.txt': strToU8(readme),
        'kit-de-sinalizacao/etiqueta-de-preco.svg': strToU8(priceTagSvg()),
        'kit-de-sinalizacao/cartaz-oferta-a4.svg': strToU8(posterSvg()),
      },
      { level: 6, mtime: FIXED_MTIME },
    ),
  );
}

/** A gondola planogram (PNG): four shelves with product facings and their labels. */
export function makePlanogramPng(): Promise<Buffer> {
  const W = 960;
  const H = 600;
  const shelves = [
    { label: 'Lançamentos (altura dos olhos)', colors: ['#e8590c', '#f08c00', '#e8590c', '#f08c00'] },
    { label: 'Mais vendidos', colors: ['#0b7285', '#1098ad', '#0b7285', '#1098ad', '#0b7285'] },
    { label: 'Complementares', colors: ['#5f3dc4', '#7048e8', '#5f3dc4', '#7048e8'] },
    {
      label: 'Volume e reposição',
      colors: ['#2f9e44', '#37b24d', '#2f9e44', '#37b24d', '#2f9e44', '#37b24d'],
    },
  ];
  const rows = shelves
    .map((shelf, i) => {
      const y = 90 + i * 125;
      const width = (W - 120) / shelf.colors.length;
      const items = shelf.colors
        .map(
          (c, j) =>
            `<rect x="${(60 + j * width + 6).toFixed(0)}" y="${y}" width="${(width - 12).toFixed(0)}" height="80" rx="8" fill="${c}"/>`,
        )
        .join('');
      return `${items}<rect x="40" y="${y + 84}" width="${W - 80}" height="10" fill="#868e96"/><text x="60" y="${y + 116}" font-family="${FONT}" font-size="20" fill="#343a40">${esc(shelf.label)}</text>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="#f8f9fa"/>
  <text x="40" y="56" font-family="${FONT}" font-size="32" font-weight="700" fill="#0b7285">Planograma · gôndola de entrada</text>
  ${rows}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** A 1200×675 trail cover in the style of the course covers: a gradient, soft shapes and the title. */
export function makeTrailCover(
  title: string,
  subtitle: string,
  colors: [string, string, string],
): Promise<Buffer> {
  const W = 1200;
  const H = 675;
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 20) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const size = 76;
  const top = H / 2 - ((lines.length - 1) * size * 1.1) / 2;
  const text = lines
    .map((l, i) => `<tspan x="80" y="${(top + i * size * 1.1).toFixed(0)}">${esc(l)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <circle cx="1010" cy="150" r="260" fill="${colors[2]}" fill-opacity="0.25"/>
  <circle cx="1120" cy="560" r="170" fill="#ffffff" fill-opacity="0.08"/>
  <path d="M760 675 C 880 520, 1000 600, 1200 430 L 1200 675 Z" fill="#ffffff" fill-opacity="0.10"/>
  <text x="80" y="110" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="4" fill="#ffffff" fill-opacity="0.85">TRILHA DE APRENDIZAGEM</text>
  <text font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${text}</text>
  <text x="80" y="${H - 48}" font-family="${FONT}" font-size="26" fill="#ffffff" fill-opacity="0.85">${esc(subtitle)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
