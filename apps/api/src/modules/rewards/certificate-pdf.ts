import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import type { LanguageCode } from '@trilha/contracts/session';

/**
 * The certificate as a one-page A4 landscape PDF, drawn from the facts frozen at issue and the client's
 * template. pdf-lib's standard fonts encode WinAnsi only, so every text goes through `winAnsi` first: a
 * letter it cannot encode is written without its accent when that helps (ő → o), else as "?".
 */

export interface CertificatePdfInput {
  language: LanguageCode;
  /** The template's title in the certificate's language ("Certificado de conclusão"). */
  heading: string;
  issuerName: string;
  learnerName: string;
  title: string;
  targetType: 'course' | 'trail';
  workloadMinutes: number | null;
  issuedAt: Date;
  expiresAt: Date | null;
  code: string;
  verifyUrl: string;
  primaryColor: string;
  accentColor: string;
  /** The template's logo as PNG bytes, or null for the issuer's name alone. */
  logoPng: Uint8Array | null;
  signatures: { name: string; role: string }[];
}

export interface RenderedCertificate {
  bytes: Uint8Array;
  /** Every text drawn, in order, as drawn (after the WinAnsi substitution): what a reader would see. */
  drawn: string[];
}

interface Labels {
  certifies: string;
  course: string;
  trail: string;
  workload: (text: string) => string;
  issuedOn: (date: string) => string;
  validUntil: (date: string) => string;
  code: string;
  verifyAt: string;
}

const labels: Record<LanguageCode, Labels> = {
  'pt-BR': {
    certifies: 'Certificamos que',
    course: 'concluiu o curso',
    trail: 'concluiu a trilha',
    workload: (t) => `Carga horária: ${t}`,
    issuedOn: (d) => `Emitido em ${d}`,
    validUntil: (d) => `Válido até ${d}`,
    code: 'Código de verificação',
    verifyAt: 'Verifique em',
  },
  'en-US': {
    certifies: 'This certifies that',
    course: 'has completed the course',
    trail: 'has completed the learning path',
    workload: (t) => `Workload: ${t}`,
    issuedOn: (d) => `Issued on ${d}`,
    validUntil: (d) => `Valid until ${d}`,
    code: 'Verification code',
    verifyAt: 'Verify at',
  },
  es: {
    certifies: 'Certificamos que',
    course: 'completó el curso',
    trail: 'completó la ruta de aprendizaje',
    workload: (t) => `Carga horaria: ${t}`,
    issuedOn: (d) => `Emitido el ${d}`,
    validUntil: (d) => `Válido hasta el ${d}`,
    code: 'Código de verificación',
    verifyAt: 'Verifique en',
  },
  fr: {
    certifies: 'Nous certifions que',
    course: 'a terminé le cours',
    trail: 'a terminé le parcours',
    workload: (t) => `Durée : ${t}`,
    issuedOn: (d) => `Délivré le ${d}`,
    validUntil: (d) => `Valable jusqu’au ${d}`,
    code: 'Code de vérification',
    verifyAt: 'Vérifiez sur',
  },
};

/** The default titles of a template, per language. */
export const defaultHeadings: Record<LanguageCode, string> = {
  'pt-BR': 'Certificado de conclusão',
  'en-US': 'Certificate of completion',
  es: 'Certificado de finalización',
  fr: 'Certificat de réussite',
};

// WinAnsi (Windows-1252) beyond Latin-1: the characters of 0x80–0x9F that pdf-lib's standard fonts encode.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const encodable = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch);
};

/** The text as the standard fonts can draw it. */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (encodable(ch)) {
      out += ch;
      continue;
    }
    if (/\s/.test(ch)) {
      out += ' ';
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += base && [...base].every(encodable) ? base : '?';
  }
  return out;
}

const colour = (hex: string): RGB => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return rgb(0.2, 0.2, 0.2);
  return rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255);
};

/** "8 h 30 min", "45 min", "2 h". */
export function workloadText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export function dateText(date: Date, language: LanguageCode): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<RenderedCertificate> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${input.heading} - ${input.title}`));
  pdf.setAuthor(winAnsi(input.issuerName));
  pdf.setCreationDate(input.issuedAt);
  const page = pdf.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const primary = colour(input.primaryColor);
  const accent = colour(input.accentColor);
  const grey = rgb(0.35, 0.35, 0.35);
  const drawn: string[] = [];
  const l = labels[input.language];

  /** Draws one line centred at `y`, shrunk to fit `maxWidth` down to `minSize`, then cut with an ellipsis. */
  const centred = (
    target: PDFPage,
    raw: string,
    y: number,
    font: PDFFont,
    size: number,
    color: RGB,
    opts: { minSize?: number; maxWidth?: number; x?: number } = {},
  ) => {
    let text = winAnsi(raw);
    const maxWidth = opts.maxWidth ?? width - 120;
    let s = size;
    const minSize = opts.minSize ?? size;
    while (s > minSize && font.widthOfTextAtSize(text, s) > maxWidth) s -= 1;
    while (text.length > 1 && font.widthOfTextAtSize(text, s) > maxWidth) text = `${text.slice(0, -2)}…`;
    const w = font.widthOfTextAtSize(text, s);
    target.drawText(text, { x: (opts.x ?? width / 2) - w / 2, y, size: s, font, color });
    drawn.push(text);
  };

  // Frame in the template's colours.
  page.drawRectangle({ x: 0, y: 0, width, height, color: rgb(1, 1, 1) });
  page.drawRectangle({ x: 0, y: height - 18, width, height: 18, color: primary });
  page.drawRectangle({ x: 0, y: 0, width, height: 10, color: accent });
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 60,
    borderColor: accent,
    borderWidth: 1.5,
  });

  let top = height - 70;
  if (input.logoPng) {
    const logo = await pdf.embedPng(input.logoPng);
    const scaled = logo.scaleToFit(180, 60);
    page.drawImage(logo, { x: width / 2 - scaled.width / 2, y: top - scaled.height + 10, ...scaled });
    top -= scaled.height + 12;
  } else {
    centred(page, input.issuerName, top - 8, bold, 16, grey, { minSize: 10 });
    top -= 30;
  }

  centred(page, input.heading, top - 30, bold, 34, primary, { minSize: 18 });
  centred(page, l.certifies, top - 70, regular, 14, grey);
  centred(page, input.learnerName, top - 112, bold, 30, rgb(0.1, 0.1, 0.1), { minSize: 14 });
  page.drawLine({
    start: { x: width / 2 - 200, y: top - 122 },
    end: { x: width / 2 + 200, y: top - 122 },
    thickness: 1,
    color: accent,
  });
  centred(page, input.targetType === 'trail' ? l.trail : l.course, top - 148, regular, 14, grey);
  centred(page, input.title, top - 180, bold, 22, primary, { minSize: 12 });

  const facts = [
    input.workloadMinutes ? l.workload(workloadText(input.workloadMinutes)) : null,
    l.issuedOn(dateText(input.issuedAt, input.language)),
    input.expiresAt ? l.validUntil(dateText(input.expiresAt, input.language)) : null,
  ].filter((f): f is string => f !== null);
  centred(page, facts.join('   ·   '), top - 210, regular, 12, grey, { minSize: 9 });

  // Signatures across the lower part, each over its line.
  const signatures = input.signatures.slice(0, 3);
  const slot = (width - 320) / Math.max(signatures.length, 1);
  signatures.forEach((signature, i) => {
    const cx = 60 + slot * i + slot / 2;
    page.drawLine({
      start: { x: cx - 85, y: 112 },
      end: { x: cx + 85, y: 112 },
      thickness: 0.8,
      color: grey,
    });
    centred(page, signature.name, 96, bold, 11, rgb(0.1, 0.1, 0.1), { minSize: 7, maxWidth: 180, x: cx });
    if (signature.role) {
      centred(page, signature.role, 82, regular, 9, grey, { minSize: 6, maxWidth: 180, x: cx });
    }
  });

  // The QR code and the code, bottom right: the public page confirms what the paper says.
  const qr = await QRCode.toBuffer(input.verifyUrl, {
    type: 'png',
    margin: 1,
    width: 240,
    errorCorrectionLevel: 'M',
  });
  const qrImage = await pdf.embedPng(qr);
  const qrSize = 92;
  const qrX = width - 48 - qrSize - 60;
  page.drawImage(qrImage, { x: qrX, y: 72, width: qrSize, height: qrSize });
  const cx = qrX + qrSize / 2;
  centred(page, l.code, 58, regular, 8, grey, { x: cx, maxWidth: 200 });
  centred(page, input.code, 45, bold, 11, rgb(0.1, 0.1, 0.1), { x: cx, maxWidth: 200 });
  centred(page, `${l.verifyAt} ${input.verifyUrl}`, 33, regular, 7, grey, { x: width / 2, minSize: 5 });

  return { bytes: await pdf.save(), drawn };
}
