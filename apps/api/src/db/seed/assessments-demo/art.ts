import sharp from 'sharp';

/** Artwork of the assessments demo: question images and course covers, drawn as SVG and encoded. */

const FONT = 'DejaVu Sans, Arial, sans-serif';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();

export type QuestionArt = 'greeting' | 'price-tag' | 'shelf' | 'ports' | 'phishing';

/** A shop counter with a salesperson greeting a customer. */
function greeting(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#e3fafc"/>
  <rect y="330" width="800" height="120" fill="#c5f6fa"/>
  <rect x="60" y="60" width="260" height="180" rx="10" fill="#fff" stroke="#99e9f2" stroke-width="6"/>
  <text x="190" y="160" font-family="${FONT}" font-size="34" font-weight="700" fill="#0b7285" text-anchor="middle">AURORA</text>
  <rect x="420" y="250" width="320" height="120" rx="8" fill="#0b7285"/>
  <circle cx="560" cy="170" r="40" fill="#ffd8a8"/>
  <rect x="515" y="210" width="90" height="60" rx="20" fill="#1098ad"/>
  <circle cx="260" cy="200" r="40" fill="#f4c7a1"/>
  <rect x="215" y="240" width="90" height="140" rx="24" fill="#e8590c"/>
  <path d="M330 150 q40 -40 80 0" stroke="#0b7285" stroke-width="6" fill="none"/>
  <rect x="360" y="70" width="170" height="60" rx="16" fill="#fff" stroke="#0b7285" stroke-width="4"/>
  <text x="445" y="110" font-family="${FONT}" font-size="28" fill="#0b7285" text-anchor="middle">Olá!</text>
</svg>`;
}

/** A shelf price tag: cash price and instalments. */
function priceTag(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#f1f3f5"/>
  <rect x="140" y="70" width="520" height="310" rx="18" fill="#fff" stroke="#e8590c" stroke-width="8"/>
  <rect x="140" y="70" width="520" height="70" rx="18" fill="#e8590c"/>
  <text x="400" y="118" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">Tênis Corrida Leve</text>
  <text x="400" y="200" font-family="${FONT}" font-size="26" fill="#868e96" text-anchor="middle">de R$ 249,90 por</text>
  <text x="400" y="270" font-family="${FONT}" font-size="64" font-weight="700" fill="#212529" text-anchor="middle">R$ 199,90</text>
  <text x="400" y="305" font-family="${FONT}" font-size="24" fill="#495057" text-anchor="middle">à vista</text>
  <text x="400" y="352" font-family="${FONT}" font-size="26" fill="#0b7285" text-anchor="middle">ou 10x de R$ 21,99</text>
</svg>`;
}

/** A three-shelf planogram, each shelf labelled. */
function shelf(): string {
  const shelves = [
    { label: 'Acessórios', colors: ['#ffd43b', '#fab005', '#ffe066', '#fcc419'] },
    { label: 'Lançamentos', colors: ['#4dabf7', '#339af0', '#74c0fc', '#228be6'] },
    { label: 'Promoções', colors: ['#ff8787', '#fa5252', '#ffa8a8', '#f03e3e'] },
  ];
  const rows = shelves
    .map((s, i) => {
      const y = 80 + i * 120;
      const items = s.colors
        .map((c, j) => `<rect x="${150 + j * 150}" y="${y}" width="130" height="76" rx="8" fill="${c}"/>`)
        .join('');
      return `${items}<rect x="140" y="${y + 80}" width="600" height="10" fill="#868e96"/><text x="30" y="${y + 48}" font-family="${FONT}" font-size="20" fill="#343a40">${esc(s.label)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#f8f9fa"/>
  <text x="30" y="50" font-family="${FONT}" font-size="26" font-weight="700" fill="#0b7285">Gôndola da entrada</text>
  <path d="M770 200 h-20 M770 160 v80" stroke="#495057" stroke-width="4"/>
  <text x="700" y="150" font-family="${FONT}" font-size="16" fill="#495057">1,50 m</text>
  ${rows}
</svg>`;
}

/** The side of a notebook with three ports marked A, B and C. */
function ports(): string {
  const port = (x: number, w: number, label: string, shape: string) =>
    `<g>${shape}<text x="${x + w / 2}" y="330" font-family="${FONT}" font-size="34" font-weight="700" fill="#5f3dc4" text-anchor="middle">${label}</text><path d="M${x + w / 2} 290 v-40" stroke="#5f3dc4" stroke-width="4"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#f3f0ff"/>
  <rect x="60" y="170" width="680" height="70" rx="20" fill="#adb5bd"/>
  <rect x="60" y="160" width="680" height="20" rx="8" fill="#868e96"/>
  ${port(150, 70, 'A', '<rect x="150" y="192" width="70" height="26" rx="13" fill="#343a40"/>')}
  ${port(320, 110, 'B', '<path d="M320 192 h110 l-12 26 h-86 z" fill="#343a40"/>')}
  ${port(520, 90, 'C', '<rect x="520" y="188" width="90" height="34" rx="3" fill="#343a40"/><rect x="530" y="196" width="70" height="10" fill="#1971c2"/>')}
  <text x="400" y="90" font-family="${FONT}" font-size="28" font-weight="700" fill="#5f3dc4" text-anchor="middle">Nimbus Book 14 · lateral esquerda</text>
</svg>`;
}

/** A suspicious e-mail: an odd sender domain, urgency and a link. */
function phishing(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#f8f9fa"/>
  <rect x="80" y="40" width="640" height="370" rx="12" fill="#fff" stroke="#ced4da" stroke-width="3"/>
  <text x="110" y="90" font-family="${FONT}" font-size="20" fill="#495057">De: suporte@nimbus-tech-seguranca.co</text>
  <text x="110" y="122" font-family="${FONT}" font-size="20" fill="#495057">Assunto: URGENTE: sua senha expira hoje</text>
  <path d="M110 140 h580" stroke="#dee2e6" stroke-width="2"/>
  <text x="110" y="190" font-family="${FONT}" font-size="22" fill="#212529">Sua conta será bloqueada em 2 horas.</text>
  <text x="110" y="225" font-family="${FONT}" font-size="22" fill="#212529">Confirme seus dados no link abaixo:</text>
  <rect x="110" y="255" width="300" height="54" rx="8" fill="#e03131"/>
  <text x="260" y="290" font-family="${FONT}" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">CONFIRMAR SENHA</text>
  <text x="110" y="360" font-family="${FONT}" font-size="18" fill="#868e96">Equipe de Segurança</text>
</svg>`;
}

const drawings: Record<QuestionArt, () => string> = {
  greeting,
  'price-tag': priceTag,
  shelf,
  ports,
  phishing,
};

/** An 800×450 PNG illustration of a question, uploaded as an author would upload it. */
export function makeQuestionArt(art: QuestionArt): Promise<Buffer> {
  return png(drawings[art]());
}

/** A 1200×675 course cover: a gradient, a checklist mark and the title. */
export function makeCourseCover(title: string, subtitle: string, colors: [string, string]): Promise<Buffer> {
  const W = 1200;
  const H = 675;
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 18) lines[lines.length - 1] = `${last} ${word}`;
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
  <rect x="830" y="150" width="260" height="340" rx="24" fill="#fff" fill-opacity="0.9"/>
  <path d="M870 230 l20 20 l36 -40 M870 320 l20 20 l36 -40 M870 410 l20 20 l36 -40" stroke="${colors[0]}" stroke-width="12" fill="none" stroke-linecap="round"/>
  <path d="M950 228 h100 M950 318 h100 M950 408 h70" stroke="#ced4da" stroke-width="14" stroke-linecap="round"/>
  <text x="80" y="110" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="4" fill="#ffffff" fill-opacity="0.85">PROVAS E QUIZZES</text>
  <text font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${text}</text>
  <text x="80" y="${H - 48}" font-family="${FONT}" font-size="26" fill="#ffffff" fill-opacity="0.85">${esc(subtitle)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
