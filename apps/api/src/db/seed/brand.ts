/** Demo logos as SVG data URIs, so branding needs no file storage or outside host. */
function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export function wordmark(name: string, color: string, tagline?: string): string {
  const width = 60 + name.length * 19;
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56" role="img" aria-label="${name}">` +
      `<rect x="2" y="8" width="40" height="40" rx="11" fill="${color}"/>` +
      `<path d="M12 34 L20 22 L26 30 L32 18" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<text x="52" y="${tagline ? 30 : 37}" font-family="Inter,Segoe UI,Helvetica,Arial,sans-serif" font-size="26" font-weight="700" fill="#1a1b1e">${name}</text>` +
      (tagline
        ? `<text x="53" y="48" font-family="Inter,Segoe UI,Helvetica,Arial,sans-serif" font-size="11" fill="#5c5f66">${tagline}</text>`
        : '') +
      `</svg>`,
  );
}

export function loginBackground(from: string, to: string): string {
  return svgDataUri(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000" viewBox="0 0 1600 1000">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="1600" height="1000" fill="url(#g)"/>` +
      `<circle cx="1350" cy="180" r="260" fill="#fff" fill-opacity="0.08"/>` +
      `<circle cx="220" cy="880" r="340" fill="#fff" fill-opacity="0.06"/>` +
      `<path d="M0 720 C 400 600, 800 860, 1600 640 L1600 1000 L0 1000 Z" fill="#fff" fill-opacity="0.07"/>` +
      `</svg>`,
  );
}
