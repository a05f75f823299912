import sharp from 'sharp';

/**
 * Artwork of the games demo, drawn as SVG and encoded as an author's upload would be: the course cover,
 * the store's floor plan behind the drag-and-drop game, product icons of the memory game and of the
 * this-or-that sides, and a card machine for a true-or-false statement.
 */

const FONT = 'DejaVu Sans, Arial, sans-serif';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();

/** A zone of the floor plan, in percent of the plan's width and height (the game's hot spots). */
export interface PlanZone {
  id: string;
  label: string;
  rect: { x: number; y: number; width: number; height: number };
}

/** The zones of the floor plan: the drawing and the game's rectangles come from this one list. */
export const floorPlanZones: PlanZone[] = [
  { id: 'estoque', label: 'Estoque', rect: { x: 64, y: 5, width: 33, height: 36 } },
  { id: 'demonstracao', label: 'Mesa de demonstração', rect: { x: 12, y: 22, width: 40, height: 30 } },
  { id: 'caixa', label: 'Caixa', rect: { x: 64, y: 48, width: 33, height: 22 } },
  { id: 'vitrine', label: 'Vitrine', rect: { x: 3, y: 76, width: 34, height: 20 } },
  { id: 'entrada', label: 'Entrada', rect: { x: 40, y: 76, width: 20, height: 20 } },
];

const PLAN_W = 1200;
const PLAN_H = 800;

/** The shop seen from above: walls, the door at the front, a showcase window, the counter, the stockroom. */
function floorPlan(): string {
  const px = (z: PlanZone) => ({
    x: (z.rect.x / 100) * PLAN_W,
    y: (z.rect.y / 100) * PLAN_H,
    w: (z.rect.width / 100) * PLAN_W,
    h: (z.rect.height / 100) * PLAN_H,
  });
  const [stock, demo, till, window, door] = floorPlanZones.map(px) as [
    ReturnType<typeof px>,
    ReturnType<typeof px>,
    ReturnType<typeof px>,
    ReturnType<typeof px>,
    ReturnType<typeof px>,
  ];
  const boxes = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const x = stock.x + 30 + (i % 3) * 110;
      const y = stock.y + 70 + Math.floor(i / 3) * 90;
      return `<rect x="${x}" y="${y}" width="90" height="70" rx="4" fill="#d9a066" stroke="#a9743f" stroke-width="3"/><path d="M${x} ${y + 35} h90" stroke="#a9743f" stroke-width="3"/>`;
    })
    .join('');
  const devices = [0, 1, 2, 3]
    .map((i) => {
      const x = demo.x + 40 + i * 110;
      const y = demo.y + 100;
      return i % 2 === 0
        ? `<rect x="${x}" y="${y}" width="80" height="52" rx="4" fill="#343a40"/><rect x="${x + 6}" y="${y + 6}" width="68" height="40" fill="#74c0fc"/><rect x="${x - 8}" y="${y + 52}" width="96" height="10" rx="3" fill="#868e96"/>`
        : `<rect x="${x + 20}" y="${y - 6}" width="40" height="72" rx="8" fill="#343a40"/><rect x="${x + 24}" y="${y + 2}" width="32" height="54" rx="3" fill="#b2f2bb"/>`;
    })
    .join('');
  const mannequins = [0, 1, 2]
    .map((i) => {
      const cx = window.x + 150 + i * 100;
      const cy = window.y + 100;
      return `<circle cx="${cx}" cy="${cy - 30}" r="16" fill="#f8f9fa" stroke="#495057" stroke-width="3"/><rect x="${cx - 26}" y="${cy - 12}" width="52" height="46" rx="14" fill="#f783ac"/>`;
    })
    .join('');
  const label = (z: ReturnType<typeof px>, text: string, color: string) =>
    `<rect x="${z.x + 10}" y="${z.y + 10}" width="${text.length * 15 + 24}" height="38" rx="19" fill="${color}"/>` +
    `<text x="${z.x + 22}" y="${z.y + 36}" font-family="${FONT}" font-size="22" font-weight="700" fill="#fff">${esc(text)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PLAN_W}" height="${PLAN_H}" viewBox="0 0 ${PLAN_W} ${PLAN_H}">
  <rect width="${PLAN_W}" height="${PLAN_H}" fill="#e9ecef"/>
  <defs><pattern id="floor" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#f8f9fa"/><path d="M40 0 V40 H0" fill="none" stroke="#e9ecef" stroke-width="2"/></pattern></defs>
  <rect x="20" y="20" width="${PLAN_W - 40}" height="${PLAN_H - 40}" fill="url(#floor)" stroke="#343a40" stroke-width="12"/>
  <rect x="${stock.x}" y="${stock.y}" width="${stock.w}" height="${stock.h}" fill="#fff4e6" stroke="#343a40" stroke-width="8"/>
  <path d="M${stock.x + 40} ${stock.y + stock.h} a60 60 0 0 1 60 -60" fill="none" stroke="#868e96" stroke-width="3" stroke-dasharray="8 6"/>
  ${boxes}
  ${label(stock, 'Estoque', '#e8590c')}
  <rect x="${demo.x}" y="${demo.y}" width="${demo.w}" height="${demo.h}" rx="26" fill="#e7f5ff" stroke="#1971c2" stroke-width="4"/>
  ${devices}
  ${label(demo, 'Mesa de demonstração', '#1971c2')}
  <rect x="${till.x}" y="${till.y}" width="${till.w}" height="${till.h}" rx="10" fill="#ebfbee" stroke="#2b8a3e" stroke-width="4"/>
  <rect x="${till.x + 30}" y="${till.y + 80}" width="${till.w - 60}" height="50" rx="8" fill="#2b8a3e"/>
  <rect x="${till.x + 60}" y="${till.y + 60}" width="60" height="34" rx="4" fill="#343a40"/>
  <rect x="${till.x + 200}" y="${till.y + 64}" width="34" height="50" rx="6" fill="#495057"/>
  ${label(till, 'Caixa', '#2b8a3e')}
  <rect x="${window.x}" y="${window.y}" width="${window.w}" height="${window.h}" fill="#fff0f6" stroke="#c2255c" stroke-width="4"/>
  <path d="M${window.x} ${window.y + window.h - 4} h${window.w}" stroke="#74c0fc" stroke-width="14"/>
  ${mannequins}
  ${label(window, 'Vitrine', '#c2255c')}
  <rect x="${door.x}" y="${door.y}" width="${door.w}" height="${door.h}" fill="#fff9db" stroke="#f08c00" stroke-width="4"/>
  <rect x="${door.x + 20}" y="${PLAN_H - 32}" width="${door.w - 40}" height="24" fill="#e9ecef"/>
  <path d="M${door.x + door.w / 2} ${door.y + door.h - 40} v-60 m-22 22 l22 -22 l22 22" stroke="#f08c00" stroke-width="8" fill="none" stroke-linecap="round"/>
  ${label(door, 'Entrada', '#f08c00')}
</svg>`;
}

/** The products the memory game and this-or-that show as pictures. */
export type ProductIcon = 'notebook' | 'smartphone' | 'headphones' | 'smartwatch';

const icons: Record<ProductIcon, { bg: string; body: string }> = {
  notebook: {
    bg: '#e7f5ff',
    body: `<rect x="90" y="100" width="220" height="145" rx="10" fill="#343a40"/><rect x="104" y="114" width="192" height="117" rx="4" fill="#74c0fc"/>
    <path d="M60 255 h280 l-20 30 h-240 z" fill="#868e96"/><rect x="170" y="258" width="60" height="8" rx="4" fill="#495057"/>`,
  },
  smartphone: {
    bg: '#ebfbee',
    body: `<rect x="140" y="60" width="120" height="240" rx="20" fill="#343a40"/><rect x="150" y="84" width="100" height="190" rx="6" fill="#8ce99a"/>
    <circle cx="200" cy="72" r="5" fill="#868e96"/><rect x="180" y="282" width="40" height="6" rx="3" fill="#868e96"/>`,
  },
  headphones: {
    bg: '#fff0f6',
    body: `<path d="M100 220 v-40 a100 100 0 0 1 200 0 v40" fill="none" stroke="#343a40" stroke-width="22" stroke-linecap="round"/>
    <rect x="76" y="200" width="60" height="96" rx="24" fill="#c2255c"/><rect x="264" y="200" width="60" height="96" rx="24" fill="#c2255c"/>`,
  },
  smartwatch: {
    bg: '#fff4e6',
    body: `<rect x="160" y="50" width="80" height="80" rx="12" fill="#495057"/><rect x="160" y="270" width="80" height="80" rx="12" fill="#495057"/>
    <rect x="130" y="110" width="140" height="180" rx="36" fill="#343a40"/><rect x="146" y="126" width="108" height="148" rx="24" fill="#ffc078"/>
    <path d="M200 160 v40 l26 18" stroke="#343a40" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  },
};

/** A 400×400 PNG of a product, as a card face would show it (no text: the name is the other card). */
export function makeProductIcon(icon: ProductIcon): Promise<Buffer> {
  const { bg, body } = icons[icon];
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" rx="40" fill="${bg}"/>${body}</svg>`);
}

/** An 800×450 PNG of a card machine showing a Pix QR code and "aproxime ou insira". */
export function makeCardMachine(): Promise<Buffer> {
  const qr = Array.from({ length: 49 }, (_, i) => i)
    .filter((i) => (i * 7 + (i % 5) * 3) % 4 !== 0)
    .map(
      (i) =>
        `<rect x="${350 + (i % 7) * 14}" y="${100 + Math.floor(i / 7) * 14}" width="14" height="14" fill="#212529"/>`,
    )
    .join('');
  return png(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#e6fcf5"/>
  <rect x="300" y="40" width="200" height="380" rx="30" fill="#343a40"/>
  <rect x="320" y="70" width="160" height="170" rx="8" fill="#fff"/>
  ${qr}
  <text x="400" y="232" font-family="${FONT}" font-size="18" font-weight="700" fill="#0ca678" text-anchor="middle">Pix</text>
  ${[0, 1, 2, 3]
    .flatMap((r) =>
      [0, 1, 2].map(
        (c) => `<rect x="${330 + c * 50}" y="${260 + r * 36}" width="40" height="26" rx="6" fill="#868e96"/>`,
      ),
    )
    .join('')}
  <path d="M560 160 a50 50 0 0 1 0 80 M590 140 a80 80 0 0 1 0 120" stroke="#0ca678" stroke-width="8" fill="none" stroke-linecap="round"/>
  <text x="150" y="225" font-family="${FONT}" font-size="26" fill="#087f5b" text-anchor="middle">aproxime</text>
  <text x="150" y="260" font-family="${FONT}" font-size="26" fill="#087f5b" text-anchor="middle">ou insira</text>
</svg>`);
}

/** The 1200×800 floor plan behind the drag-and-drop game. */
export function makeFloorPlan(): Promise<Buffer> {
  return png(floorPlan());
}

/** A 1200×675 course cover: a gradient, memory cards and the title. */
export function makeGamesCover(title: string, subtitle: string): Promise<Buffer> {
  const W = 1200;
  const H = 675;
  const card = (x: number, y: number, r: number, fill: string, mark: string) =>
    `<g transform="rotate(${r} ${x + 80} ${y + 110})"><rect x="${x}" y="${y}" width="160" height="220" rx="18" fill="${fill}" stroke="#fff" stroke-width="8"/>` +
    `<text x="${x + 80}" y="${y + 140}" font-family="${FONT}" font-size="84" font-weight="700" fill="#fff" text-anchor="middle">${mark}</text></g>`;
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5f3dc4"/><stop offset="1" stop-color="#e64980"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  ${card(760, 160, -12, '#f08c00', '?')}
  ${card(900, 200, 10, '#0ca678', '✓')}
  <text x="80" y="120" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="4" fill="#fff" fill-opacity="0.85">JOGOS</text>
  <text font-family="${FONT}" font-size="80" font-weight="700" fill="#fff"><tspan x="80" y="300">${esc(title.split(' ').slice(0, 2).join(' '))}</tspan><tspan x="80" y="390">${esc(title.split(' ').slice(2).join(' '))}</tspan></text>
  <text x="80" y="${H - 60}" font-family="${FONT}" font-size="28" fill="#fff" fill-opacity="0.9">${esc(subtitle)}</text>
</svg>`),
  )
    .jpeg({ quality: 82 })
    .toBuffer();
}
