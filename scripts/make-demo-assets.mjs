#!/usr/bin/env node
// Regenerates the demo media under apps/api/demo-assets/: course covers, a PDF guide, an HTML lesson and,
// when ffmpeg is installed, a video, an audio file and a small HLS stream. The outputs are committed, so
// a fresh machine needs neither this script nor ffmpeg; run it only to change the assets:
//
//   node scripts/make-demo-assets.mjs            everything
//   node scripts/make-demo-assets.mjs --no-media  skip the ffmpeg outputs
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'apps/api/demo-assets');
const require = createRequire(join(root, 'apps/api/package.json'));
const sharp = require('sharp');

// Advance widths of Helvetica / Arial (Liberation Sans has the same metrics) for ' '..'~', in 1/1000 em.
// prettier-ignore
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667,
  556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556,
  556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
  500, 500, 500, 334, 260, 334, 584,
];

function textWidth(text, size, bold = false) {
  let units = 0;
  for (const char of text.normalize('NFD').replace(/\p{M}/gu, '')) {
    const code = char.codePointAt(0);
    units += code >= 32 && code <= 126 ? WIDTHS[code - 32] : char === '—' ? 1000 : 556;
  }
  return (units / 1000) * size * (bold ? 1.07 : 1);
}

function wrap(text, size, maxWidth, bold = false) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function slugify(text) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// A small deterministic generator, so every run draws the same shapes.
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------------------------------------------
// Course covers
// ---------------------------------------------------------------------------------------------------

const COVERS = [
  { title: 'Atendimento que encanta', area: 'Atendimento', colors: ['#0f766e', '#14b8a6', '#f59e0b'] },
  { title: 'Vendas consultivas', area: 'Vendas', colors: ['#1e3a8a', '#3b82f6', '#22d3ee'] },
  { title: 'Notebooks para o dia a dia', area: 'Produtos', colors: ['#312e81', '#6366f1', '#a5b4fc'] },
  { title: 'Segurança da informação', area: 'Compliance', colors: ['#111827', '#334155', '#10b981'] },
  { title: 'Merchandising no ponto de venda', area: 'Loja', colors: ['#9d174d', '#ec4899', '#fbbf24'] },
  { title: 'Técnicas de negociação', area: 'Vendas', colors: ['#7c2d12', '#ea580c', '#fde68a'] },
  { title: 'Experiência do cliente', area: 'Atendimento', colors: ['#581c87', '#a855f7', '#f0abfc'] },
  { title: 'Produtos premium', area: 'Produtos', colors: ['#0c0a09', '#44403c', '#d4af37'] },
  { title: 'Gestão do tempo', area: 'Carreira', colors: ['#064e3b', '#059669', '#bef264'] },
  { title: 'Liderança de loja', area: 'Liderança', colors: ['#7f1d1d', '#dc2626', '#fdba74'] },
  { title: 'Comunicação não violenta', area: 'Comportamento', colors: ['#164e63', '#0891b2', '#a7f3d0'] },
  { title: 'Pós-venda e fidelização', area: 'Fidelização', colors: ['#4c1d95', '#7c3aed', '#fb7185'] },
];

const W = 1200;
const H = 675;

function coverShapes(kind, rand, [, mid, accent]) {
  const shapes = [];
  if (kind === 0) {
    // concentric rings off the right edge
    for (let i = 0; i < 7; i++) {
      shapes.push(
        `<circle cx="1020" cy="170" r="${70 + i * 62}" fill="none" stroke="#fff" stroke-opacity="${0.22 - i * 0.025}" stroke-width="${18 - i * 2}"/>`,
      );
    }
    shapes.push(`<circle cx="1020" cy="170" r="54" fill="${accent}" fill-opacity="0.9"/>`);
  } else if (kind === 1) {
    // rotated rounded tiles
    for (let i = 0; i < 9; i++) {
      const x = 640 + rand() * 560;
      const y = -60 + rand() * 520;
      const size = 90 + rand() * 170;
      const rotation = Math.round(rand() * 90);
      const fill = i % 3 === 0 ? accent : '#ffffff';
      shapes.push(
        `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${size.toFixed(0)}" height="${size.toFixed(0)}" rx="28" fill="${fill}" fill-opacity="${(0.08 + rand() * 0.22).toFixed(2)}" transform="rotate(${rotation} ${(x + size / 2).toFixed(0)} ${(y + size / 2).toFixed(0)})"/>`,
      );
    }
  } else if (kind === 2) {
    // diagonal bands
    for (let i = 0; i < 6; i++) {
      const x = 520 + i * 130;
      const opacity = (0.07 + (i % 3) * 0.07).toFixed(2);
      shapes.push(
        `<polygon points="${x},0 ${x + 90},0 ${x - 250},${H} ${x - 340},${H}" fill="#fff" fill-opacity="${opacity}"/>`,
      );
    }
    shapes.push(`<polygon points="1200,0 1200,300 900,0" fill="${accent}" fill-opacity="0.85"/>`);
  } else {
    // dot grid with a few highlighted dots and a soft blob
    shapes.push(`<circle cx="980" cy="240" r="260" fill="${mid}" fill-opacity="0.55"/>`);
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 10; col++) {
        const highlighted = rand() < 0.12;
        shapes.push(
          `<circle cx="${720 + col * 46}" cy="${50 + row * 46}" r="${highlighted ? 9 : 5}" fill="${highlighted ? accent : '#fff'}" fill-opacity="${highlighted ? 0.95 : 0.35}"/>`,
        );
      }
    }
  }
  return shapes.join('\n');
}

function coverSvg({ title, area, colors }, index) {
  const [dark, mid, accent] = colors;
  const rand = random(index * 7919 + 17);
  const size = 84;
  const lines = wrap(title, size, 860, true);
  const lineHeight = size * 1.12;
  const firstBaseline = H - 90 - (lines.length - 1) * lineHeight;
  const titleText = lines
    .map(
      (line, i) =>
        `<tspan x="80" y="${(firstBaseline + i * lineHeight).toFixed(0)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="1" x2="1" y2="0">
      <stop offset="0" stop-color="${dark}"/>
      <stop offset="0.65" stop-color="${mid}"/>
      <stop offset="1" stop-color="${mid}" stop-opacity="0.85"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.15" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.35" stop-color="${dark}" stop-opacity="0"/>
      <stop offset="1" stop-color="${dark}" stop-opacity="0.85"/>
    </linearGradient>
    <filter id="shadow" x="-5%" y="-5%" width="110%" height="120%">
      <feDropShadow dx="0" dy="3" stdDeviation="5" flood-color="#000" flood-opacity="0.35"/>
    </filter>
  </defs>
  <rect width="${W}" height="${H}" fill="${dark}"/>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  ${coverShapes(index % 4, rand, colors)}
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
  <rect x="80" y="${(firstBaseline - size - 58).toFixed(0)}" width="${(textWidth(area.toUpperCase(), 24, true) + 44).toFixed(0)}" height="44" rx="22" fill="${accent}"/>
  <text x="102" y="${(firstBaseline - size - 28).toFixed(0)}" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="24" font-weight="700" letter-spacing="1" fill="${dark}">${escapeXml(area.toUpperCase())}</text>
  <text font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff" filter="url(#shadow)">${titleText}</text>
  <text x="80" y="${H - 40}" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="22" fill="#ffffff" fill-opacity="0.8">Trilha · curso</text>
</svg>`;
}

async function makeCovers() {
  const dir = join(out, 'covers');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const index = [];
  for (const [i, cover] of COVERS.entries()) {
    const file = `${slugify(cover.title)}.jpg`;
    await sharp(Buffer.from(coverSvg(cover, i)))
      .jpeg({ quality: 85, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toFile(join(dir, file));
    index.push({ file, title: cover.title, area: cover.area, width: W, height: H });
  }
  writeFileSync(join(dir, 'covers.json'), `${JSON.stringify(index, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------------
// PDF: a hand-written PDF 1.4 with the standard Helvetica fonts (WinAnsiEncoding covers Portuguese)
// ---------------------------------------------------------------------------------------------------

const WIN_ANSI = { '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97 };

function pdfString(text) {
  let result = '(';
  for (const char of text) {
    let code = WIN_ANSI[char] ?? char.codePointAt(0);
    if (code > 0xff) code = 0x3f; // '?': outside WinAnsi
    if (char === '(' || char === ')' || char === '\\') result += `\\${char}`;
    else if (code < 32 || code > 126) result += `\\${code.toString(8).padStart(3, '0')}`;
    else result += char;
  }
  return `${result})`;
}

const GUIDE = [
  {
    heading: 'Guia rápido do vendedor',
    intro:
      'Um resumo prático para consultar antes, durante e depois de cada atendimento. Guarde este guia no celular e volte a ele sempre que quiser revisar o essencial.',
    sections: [
      {
        title: 'Neste guia',
        bullets: [
          '1. Antes do atendimento: prepare a loja, o estoque e a si mesmo.',
          '2. Durante o atendimento: acolha, entenda e recomende com segurança.',
          '3. Depois da venda: cuide do cliente para que ele volte.',
        ],
      },
      {
        title: 'Os três princípios',
        bullets: [
          'O cliente compra soluções, não especificações técnicas.',
          'Ouvir vem antes de falar: quem pergunta melhor vende melhor.',
          'Cada atendimento é uma chance de criar um cliente fiel.',
        ],
      },
      {
        title: 'Como usar este guia',
        bullets: [
          'Leia uma seção por dia na primeira semana e marque o que já pratica.',
          'Antes de cada turno, revise o checklist do capítulo 1.',
          'Compartilhe com a equipe as frases que funcionaram melhor com os clientes.',
        ],
      },
    ],
  },
  {
    heading: '1. Antes do atendimento',
    intro: 'Os minutos antes de abrir a loja definem a qualidade do dia. Use esta lista todas as manhãs.',
    sections: [
      {
        title: 'Loja pronta',
        bullets: [
          'Vitrine limpa, iluminada e com os produtos da campanha em destaque.',
          'Preços visíveis e corretos; etiquetas conferidas com o sistema.',
          'Provadores, bancadas e áreas de demonstração organizados.',
        ],
      },
      {
        title: 'Você pronto',
        bullets: [
          'Conheça as metas do dia e as promoções em vigor.',
          'Revise as novidades de produto e os argumentos de venda.',
          'Confira o estoque dos itens mais procurados para não prometer o que não tem.',
          'Uniforme impecável e crachá visível: a primeira impressão conta.',
        ],
      },
    ],
  },
  {
    heading: '2. Durante o atendimento',
    intro: 'Um bom atendimento segue cinco passos. Adapte o ritmo a cada cliente, mas não pule nenhum.',
    sections: [
      {
        title: 'Os cinco passos',
        bullets: [
          'Acolher: cumprimente em até 10 segundos, com sorriso e contato visual.',
          'Entender: faça perguntas abertas e confirme o que ouviu com suas palavras.',
          'Recomendar: apresente no máximo três opções, ligadas à necessidade do cliente.',
          'Responder objeções: trate dúvidas como pedidos de informação, não como recusa.',
          'Fechar: resuma os benefícios, confirme a escolha e ofereça serviços complementares.',
        ],
      },
      {
        title: 'Frases que ajudam',
        bullets: [
          '“O que é mais importante para você nessa escolha?”',
          '“Pelo que você me contou, este modelo atende melhor porque…”',
          '“Quer que eu mostre como funciona na prática?”',
        ],
      },
    ],
  },
  {
    heading: '3. Depois da venda',
    intro: 'A venda não termina no caixa. O pós-venda é o que transforma um comprador em cliente fiel.',
    sections: [
      {
        title: 'No caixa e na despedida',
        bullets: [
          'Explique garantia, política de trocas e canais de suporte.',
          'Cadastre o cliente no programa de fidelidade e mostre como acumular pontos.',
          'Agradeça a visita e convide o cliente a voltar.',
        ],
      },
      {
        title: 'Nos dias seguintes',
        bullets: [
          'Registre o atendimento e as preferências do cliente no sistema.',
          'Entre em contato para saber se o produto atendeu às expectativas.',
          'Avise o cliente sobre lançamentos e campanhas ligados ao que ele comprou.',
        ],
      },
      {
        title: 'Checklist do fim do dia',
        bullets: [
          'Metas atualizadas e vendas registradas.',
          'Reclamações encaminhadas e com responsável definido.',
          'Loja organizada para o próximo turno.',
        ],
      },
    ],
  },
];

function guidePageStream(page, number, total) {
  const ops = [];
  const text = (x, y, size, font, value, color = '0.11 0.13 0.17') =>
    ops.push(`BT /${font} ${size} Tf ${color} rg ${x} ${y} Td ${pdfString(value)} Tj ET`);
  const left = 56;
  const width = 595 - 2 * left;

  // header band and accent bar
  ops.push('0.059 0.463 0.431 rg 0 762 595 80 re f');
  ops.push('0.961 0.620 0.043 rg 0 758 595 4 re f');
  text(left, 806, 10, 'F2', 'TRILHA · VAREJO', '0.80 0.98 0.95');
  text(left, 780, number === 1 ? 24 : 20, 'F2', page.heading, '1 1 1');

  let y = 724;
  for (const line of wrap(page.intro, 13, width)) {
    text(left, y, 13, 'F1', line, '0.29 0.33 0.39');
    y -= 20;
  }
  y -= 12;
  for (const section of page.sections) {
    ops.push(`0.80 0.98 0.95 rg ${left} ${y - 8} ${width} 26 re f`);
    text(left + 10, y, 13, 'F2', section.title, '0.07 0.37 0.35');
    y -= 32;
    for (const bullet of section.bullets) {
      const lines = wrap(bullet, 12.5, width - 24);
      ops.push(`0.059 0.463 0.431 rg ${left + 6} ${y + 3} 5 5 re f`);
      for (const line of lines) {
        text(left + 20, y, 12.5, 'F1', line);
        y -= 19;
      }
      y -= 7;
    }
    y -= 12;
  }
  if (y < 70) throw new Error(`"${page.heading}" does not fit on one page`);

  // footer
  ops.push(`0.82 0.84 0.86 RG 0.5 w ${left} 52 m ${595 - left} 52 l S`);
  text(left, 36, 9, 'F1', 'Guia rápido do vendedor · material de demonstração', '0.42 0.45 0.50');
  const pageLabel = `Página ${number} de ${total}`;
  text(595 - left - textWidth(pageLabel, 9), 36, 9, 'F1', pageLabel, '0.42 0.45 0.50');
  return ops.join('\n');
}

function makePdf(pages) {
  const objects = [];
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add(null);
  const pagesId = add(null);
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids = pages.map((page, i) => {
    const stream = guidePageStream(page, i + 1, pages.length);
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R ` +
        `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(
    `<< /Title ${pdfString('Guia rápido do vendedor')} /Author (Trilha) /Producer (make-demo-assets) ` +
      '/CreationDate (D:20250101000000Z) >>',
  );

  // Offsets are byte positions, so everything is assembled as latin1 bytes (the content is ASCII).
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

// ---------------------------------------------------------------------------------------------------
// HTML lesson
// ---------------------------------------------------------------------------------------------------

const HTML_LESSON = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Merchandising no ponto de venda: 5 princípios</title>
    <style>
      :root { --accent: #9d174d; --soft: #fce7f3; --ink: #111827; --muted: #4b5563; }
      * { box-sizing: border-box; }
      body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; line-height: 1.6; color: var(--ink); background: #f9fafb; }
      header { background: linear-gradient(135deg, #500724, var(--accent)); color: #fff; padding: 2.5rem 1.25rem 2rem; }
      header p { margin: 0; font-size: 0.85rem; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; }
      h1 { margin: 0.4rem 0 0.5rem; font-size: clamp(1.6rem, 4.5vw, 2.4rem); line-height: 1.2; }
      header .lead { font-size: 1.1rem; text-transform: none; letter-spacing: 0; font-weight: 400; max-width: 40rem; }
      main { width: min(100%, 48rem); margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
      ol { list-style: none; padding: 0; counter-reset: rule; }
      li { counter-increment: rule; position: relative; background: #fff; border-radius: 14px; padding: 1.25rem 1.25rem 1.25rem 4.25rem; margin: 0 0 1rem; box-shadow: 0 6px 20px rgba(17, 24, 39, 0.06); }
      li::before { content: counter(rule); position: absolute; left: 1.25rem; top: 1.25rem; width: 2.2rem; height: 2.2rem; display: grid; place-items: center; border-radius: 50%; background: var(--soft); color: var(--accent); font-weight: 700; }
      h2 { margin: 0 0 0.25rem; font-size: 1.15rem; }
      li p { margin: 0; color: var(--muted); }
      .check { margin-top: 2rem; padding: 1.25rem; border-left: 5px solid #f59e0b; border-radius: 0 12px 12px 0; background: #fffbeb; }
      .check h2 { color: #92400e; }
      footer { text-align: center; color: var(--muted); font-size: 0.85rem; padding-bottom: 2rem; }
    </style>
  </head>
  <body>
    <header>
      <p>Trilha · Loja</p>
      <h1>Merchandising no ponto de venda</h1>
      <p class="lead">Cinco princípios para o produto certo chamar a atenção do cliente certo — em menos de um minuto de leitura.</p>
    </header>
    <main>
      <ol>
        <li><h2>Zona quente primeiro</h2><p>Os primeiros metros depois da porta e a altura dos olhos são os espaços mais vistos: reserve-os para lançamentos e campanhas.</p></li>
        <li><h2>Uma mensagem por espaço</h2><p>Cada gôndola ou mesa conta uma história só. Excesso de cartazes faz o cliente não ler nenhum.</p></li>
        <li><h2>Preço sempre visível</h2><p>Cliente que precisa perguntar o preço muitas vezes desiste. Etiquetas legíveis e corretas vendem sozinhas.</p></li>
        <li><h2>Produtos que se completam</h2><p>Exponha juntos itens que são usados juntos: notebook, mochila e mouse; camisa e gravata.</p></li>
        <li><h2>Reposição contínua</h2><p>Espaço vazio é venda perdida. Confira a exposição a cada troca de turno.</p></li>
      </ol>
      <section class="check" aria-labelledby="check-title">
        <h2 id="check-title">Na prática</h2>
        <p>Escolha hoje uma área da sua loja e aplique um dos princípios. Depois, observe por quinze minutos como os clientes reagem.</p>
      </section>
    </main>
    <footer>Material de demonstração · Trilha</footer>
  </body>
</html>
`;

// ---------------------------------------------------------------------------------------------------
// Video, audio and HLS (ffmpeg)
// ---------------------------------------------------------------------------------------------------

function hasFfmpeg() {
  return spawnSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' }).status === 0;
}

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

function videoFilter(label) {
  const drawtext = spawnSync('ffmpeg', ['-hide_banner', '-filters'], { encoding: 'utf8' }).stdout.includes(
    'drawtext',
  );
  if (!drawtext || !existsSync(FONT)) return 'format=yuv420p';
  return [
    `drawbox=x=0:y=ih-64:w=iw:h=64:color=black@0.6:t=fill`,
    `drawtext=fontfile=${FONT}:text='${label}':x=24:y=h-46:fontsize=22:fontcolor=white`,
    `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':x=w-tw-24:y=h-46:fontsize=22:fontcolor=white`,
    'format=yuv420p',
  ].join(',');
}

function makeMedia() {
  const dir = join(out, 'media');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'hls'), { recursive: true });
  const x264 = ['-c:v', 'libx264', '-preset', 'slow', '-profile:v', 'main', '-g', '50', '-sc_threshold', '0'];

  // 20 s test pattern with a one-beep-per-second tone: easy to check that picture and sound stay in sync.
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=20'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=660:beep_factor=2:sample_rate=44100:duration=20'],
    ...['-vf', videoFilter('Trilha · demonstração')],
    ...x264,
    ...['-b:v', '170k', '-maxrate', '220k', '-bufsize', '440k'],
    ...['-af', 'volume=0.35', '-c:a', 'aac', '-b:a', '48k', '-ac', '1'],
    ...['-metadata', 'title=Trilha - vídeo de demonstração', '-movflags', '+faststart', '-shortest'],
    join(dir, 'demo-video.mp4'),
  ]);

  // 20 s of a soft C major chord that swells and fades, instead of a bare test tone.
  const chord =
    '(0.16*sin(2*PI*261.63*t)+0.11*sin(2*PI*329.63*t)+0.11*sin(2*PI*392*t)+0.05*sin(2*PI*523.25*t))' +
    '*(0.65+0.35*sin(2*PI*0.2*t))*min(1,t/1.5)*min(1,(20-t)/2)';
  ffmpeg([
    ...['-f', 'lavfi', '-i', `aevalsrc='${chord}':s=44100:d=20`],
    ...['-c:a', 'libmp3lame', '-b:a', '64k', '-ac', '1'],
    ...['-metadata', 'title=Trilha - áudio de demonstração', '-metadata', 'artist=Trilha'],
    join(dir, 'demo-audio.mp3'),
  ]);

  // 10 s HLS stream (the "Wowza" live/VOD demo): 2 s segments, keyframe on every segment boundary.
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=10'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:beep_factor=2:sample_rate=44100:duration=10'],
    ...['-vf', videoFilter('Trilha · transmissão HLS')],
    ...x264,
    ...['-b:v', '150k', '-maxrate', '200k', '-bufsize', '400k'],
    ...['-af', 'volume=0.35', '-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-shortest'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', join(dir, 'hls', 'segment-%03d.ts')],
    join(dir, 'hls', 'index.m3u8'),
  ]);
}

// ---------------------------------------------------------------------------------------------------

function listSizes(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listSizes(path, base) : [[relative(base, path), statSync(path).size]];
  });
}

const skipMedia = process.argv.includes('--no-media');

await makeCovers();
mkdirSync(join(out, 'files', 'html-lesson'), { recursive: true });
writeFileSync(join(out, 'files', 'guia-rapido-do-vendedor.pdf'), makePdf(GUIDE));
writeFileSync(join(out, 'files', 'html-lesson', 'index.html'), HTML_LESSON);
if (skipMedia) {
  console.log('Skipping video, audio and HLS (--no-media).');
} else if (hasFfmpeg()) {
  makeMedia();
} else {
  console.warn(
    'ffmpeg not found: video, audio and HLS left as they are (install ffmpeg to regenerate them).',
  );
}

const sizes = listSizes(out).sort(([a], [b]) => a.localeCompare(b));
let total = 0;
for (const [path, size] of sizes) {
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(9)} KiB  ${path}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(9)} KiB  total`);
if (total > 4 * 1024 * 1024) {
  console.error('demo-assets is over its 4 MiB budget');
  process.exitCode = 1;
}
