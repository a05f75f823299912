import { useQuery } from '@tanstack/react-query';
import type { CertificateSignature } from '@trilha/contracts/rewards/certificates';
import type { Language } from '@trilha/i18n/languages';
import { loadCatalog, type Catalog } from '@trilha/i18n/load';
import { useEffect, useState } from 'react';

/**
 * The certificate drawn in SVG with the same page, coordinates, sizes and colours as the API's PDF
 * (apps/api/src/modules/rewards/certificate-pdf.ts: A4 landscape in points, y measured from the bottom
 * there, from the top here) and the same sample learner the preview endpoint uses. The app's
 * Content-Security-Policy has `object-src 'none'` and frames only from the content origin, so the PDF
 * itself cannot be shown in the page; this picture follows the form at once, and the PDF is offered as a
 * download.
 */
const W = 841.89;
const H = 595.28;
const GREY = '#595959';
const DARK = '#1a1a1a';
const FONT = 'Helvetica, Arial, sans-serif';

export interface PreviewTemplate {
  title: string;
  primaryColor: string;
  accentColor: string;
  signatures: CertificateSignature[];
  logoUrl: string | null;
}

type Labels = Record<
  | 'certifies'
  | 'course'
  | 'workload'
  | 'issuedOn'
  | 'code'
  | 'verifyAt'
  | 'defaultTitle'
  | 'sampleName'
  | 'sampleTitle',
  string
>;

/** The certificate's own words in its language, whatever the language of the screen. */
function useLabels(language: Language) {
  return useQuery({
    queryKey: ['rewards-admin', 'certificate-labels', language],
    queryFn: async () => {
      const catalog = await loadCatalog(language, 'rewards-admin');
      return (catalog.certificateWords ?? {}) as Catalog as Labels;
    },
    staleTime: Infinity,
  });
}

const hex = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

/** Helvetica's average advance is about half the size: shrink a line to fit as the PDF does. */
function fit(text: string, size: number, maxWidth: number, minSize = size, bold = false) {
  const per = bold ? 0.58 : 0.52;
  const natural = text.length * per * size;
  return natural <= maxWidth ? size : Math.max(minSize, Math.floor(maxWidth / (text.length * per)));
}

function Line({
  text,
  y,
  size,
  color,
  bold = false,
  x = W / 2,
  maxWidth = W - 120,
  minSize,
}: {
  text: string;
  y: number;
  size: number;
  color: string;
  bold?: boolean;
  x?: number;
  maxWidth?: number;
  minSize?: number;
}) {
  const s = fit(text, size, maxWidth, minSize ?? size, bold);
  const tooLong = text.length * (bold ? 0.58 : 0.52) * s > maxWidth;
  return (
    <text
      x={x}
      y={H - y}
      fontSize={s}
      fontFamily={FONT}
      fontWeight={bold ? 700 : 400}
      fill={color}
      textAnchor="middle"
      {...(tooLong ? { textLength: maxWidth, lengthAdjust: 'spacingAndGlyphs' } : {})}
    >
      {text}
    </text>
  );
}

/** The logo's box as the PDF scales it into 180 × 60. */
function useLogoSize(url: string | null) {
  const [size, setSize] = useState<{ url: string; w: number; h: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.onload = () => {
      const scale = Math.min(180 / image.naturalWidth, 60 / image.naturalHeight);
      setSize({ url, w: image.naturalWidth * scale, h: image.naturalHeight * scale });
    };
    image.src = url;
  }, [url]);
  return url && size?.url === url ? size : url ? { url, w: 180, h: 60 } : null;
}

export function CertificatePreview({
  template,
  language,
  issuerName,
  label,
}: {
  template: PreviewTemplate;
  language: Language;
  issuerName: string;
  label: string;
}) {
  const labels = useLabels(language);
  const logo = useLogoSize(template.logoUrl);
  const words = labels.data;
  const primary = hex(template.primaryColor, '#333333');
  const accent = hex(template.accentColor, '#333333');
  let top = H - 70;
  const logoTop = top + 10;
  if (logo) top -= logo.h + 12;
  else top -= 30;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date());
  const verifyUrl = `${window.location.origin}/certificates/XXXX-XXXX-XXXX`;
  const signatures = template.signatures.slice(0, 3);
  const slot = (W - 320) / Math.max(signatures.length, 1);
  const qrSize = 92;
  const qrX = W - 48 - qrSize - 60;

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      style={{ width: '100%', height: 'auto', display: 'block', background: '#fff' }}
      data-testid="certificate-preview"
    >
      <rect x={0} y={0} width={W} height={H} fill="#fff" />
      <rect x={0} y={0} width={W} height={18} fill={primary} />
      <rect x={0} y={H - 10} width={W} height={10} fill={accent} />
      <rect x={24} y={36} width={W - 48} height={H - 60} fill="none" stroke={accent} strokeWidth={1.5} />
      {logo ? (
        <image
          href={logo.url}
          x={W / 2 - logo.w / 2}
          y={H - logoTop}
          width={logo.w}
          height={logo.h}
          preserveAspectRatio="xMidYMid meet"
        />
      ) : (
        <Line text={issuerName} y={H - 70 - 8} size={16} color={GREY} bold minSize={10} />
      )}
      {words ? (
        <>
          <Line
            text={template.title.trim() || words.defaultTitle}
            y={top - 30}
            size={34}
            color={primary}
            bold
            minSize={18}
          />
          <Line text={words.certifies} y={top - 70} size={14} color={GREY} />
          <Line text={words.sampleName} y={top - 112} size={30} color={DARK} bold minSize={14} />
          <line
            x1={W / 2 - 200}
            x2={W / 2 + 200}
            y1={H - (top - 122)}
            y2={H - (top - 122)}
            stroke={accent}
            strokeWidth={1}
          />
          <Line text={words.course} y={top - 148} size={14} color={GREY} />
          <Line text={words.sampleTitle} y={top - 180} size={22} color={primary} bold minSize={12} />
          <Line
            text={`${words.workload}   ·   ${words.issuedOn.replace('{{date}}', date)}`}
            y={top - 210}
            size={12}
            color={GREY}
            minSize={9}
          />
          <Line text={words.code} y={58} size={8} color={GREY} x={qrX + qrSize / 2} maxWidth={200} />
          <Line text={`${words.verifyAt} ${verifyUrl}`} y={33} size={7} color={GREY} minSize={5} />
        </>
      ) : null}
      {signatures.map((s, i) => {
        const cx = 60 + slot * i + slot / 2;
        return (
          <g key={i}>
            <line x1={cx - 85} x2={cx + 85} y1={H - 112} y2={H - 112} stroke={GREY} strokeWidth={0.8} />
            <Line text={s.name} y={96} size={11} color={DARK} bold x={cx} maxWidth={180} minSize={7} />
            {s.role ? (
              <Line text={s.role} y={82} size={9} color={GREY} x={cx} maxWidth={180} minSize={6} />
            ) : null}
          </g>
        );
      })}
      {/* The QR code of the sample points nowhere: a checkered square stands where it goes. */}
      <g transform={`translate(${qrX} ${H - 72 - qrSize})`}>
        <rect width={qrSize} height={qrSize} fill="#fff" stroke={GREY} strokeWidth={0.5} />
        {[0, 1, 2].map((corner) => {
          const x = corner === 1 ? qrSize - 30 : 4;
          const y = corner === 2 ? qrSize - 30 : 4;
          return (
            <g key={corner}>
              <rect x={x} y={y} width={26} height={26} fill={DARK} />
              <rect x={x + 4} y={y + 4} width={18} height={18} fill="#fff" />
              <rect x={x + 8} y={y + 8} width={10} height={10} fill={DARK} />
            </g>
          );
        })}
        <rect x={40} y={40} width={12} height={12} fill={DARK} />
        <rect x={60} y={60} width={16} height={8} fill={DARK} />
      </g>
      <Line text="XXXX-XXXX-XXXX" y={45} size={11} color={DARK} bold x={qrX + qrSize / 2} maxWidth={200} />
    </svg>
  );
}
