import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Small but real Office Open XML files (xlsx, docx, pptx) for the demo library activities, built at seed
 * time so they are reviewable as text and never drift from the demo's wording. Each holds the parts a
 * reader needs and no more; `[Content_Types].xml` comes first, as the upload check reads it to tell the
 * three apart.
 */

const FIXED_MTIME = new Date('2025-01-01T00:00:00Z');
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_DOC = `${REL}/officeDocument`;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function pack(parts: Record<string, string>): Buffer {
  const files: Zippable = {};
  for (const [path, text] of Object.entries(parts)) files[path] = strToU8(text);
  return Buffer.from(zipSync(files, { level: 6, mtime: FIXED_MTIME }));
}

function contentTypes(overrides: [part: string, type: string][]): string {
  return `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">${overrides
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join(
      '',
    )}<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`;
}

function rels(list: [id: string, type: string, target: string][]): string {
  return `${XML}<Relationships xmlns="${PKG_REL}">${list
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;
}

// ------------------------------------------------------------------------------------------- xlsx

export type Cell = string | number;

function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** A one-sheet workbook; the first row is the header (bold), numbers stay numbers. */
export function makeXlsx(sheetName: string, rows: Cell[][], widths: number[] = []): Buffer {
  const ml = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          const style = r === 0 ? ' s="1"' : '';
          return typeof value === 'number'
            ? `<c r="${ref}"${style}><v>${value}</v></c>`
            : `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${esc(value)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const cols = widths.length
    ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
    : '';
  return pack({
    '[Content_Types].xml': contentTypes([
      ['/xl/workbook.xml', `${ml}.sheet.main+xml`],
      ['/xl/worksheets/sheet1.xml', `${ml}.worksheet+xml`],
      ['/xl/styles.xml', `${ml}.styles+xml`],
    ]),
    '_rels/.rels': rels([['rId1', OFFICE_DOC, 'xl/workbook.xml']]),
    'xl/workbook.xml': `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="${esc(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels([
      ['rId1', `${REL}/worksheet`, 'worksheets/sheet1.xml'],
      ['rId2', `${REL}/styles`, 'styles.xml'],
    ]),
    'xl/styles.xml': `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${cols}<sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

// ------------------------------------------------------------------------------------------- docx

/** A paragraph: `#` a title, `##` a heading, `- ` a bullet, `[ ] ` a checkbox line, else body text. */
function docxParagraph(line: string): string {
  const run = (text: string, props = '') =>
    `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
  const spacing = (after: number) => `<w:pPr><w:spacing w:after="${after}"/></w:pPr>`;
  if (line.startsWith('# '))
    return `<w:p>${spacing(240)}${run(line.slice(2), '<w:b/><w:sz w:val="36"/>')}</w:p>`;
  if (line.startsWith('## '))
    return `<w:p>${spacing(120)}${run(line.slice(3), '<w:b/><w:sz w:val="26"/><w:color w:val="0B7285"/>')}</w:p>`;
  if (line.startsWith('- '))
    return `<w:p><w:pPr><w:ind w:left="360"/></w:pPr>${run(`• ${line.slice(2)}`)}</w:p>`;
  if (line.startsWith('[ ] '))
    return `<w:p><w:pPr><w:ind w:left="360"/></w:pPr>${run(`☐ ${line.slice(4)}`)}</w:p>`;
  return `<w:p>${spacing(160)}${run(line)}</w:p>`;
}

/** A one-section A4 document from simple markup lines (see `docxParagraph`). */
export function makeDocx(lines: string[]): Buffer {
  const body = lines.map(docxParagraph).join('');
  return pack({
    '[Content_Types].xml': contentTypes([
      [
        '/word/document.xml',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ],
    ]),
    '_rels/.rels': rels([['rId1', OFFICE_DOC, 'word/document.xml']]),
    'word/document.xml': `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1418" w:right="1418" w:bottom="1418" w:left="1418" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  });
}

// ------------------------------------------------------------------------------------------- pptx

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS = `xmlns:a="${A}" xmlns:r="${REL}" xmlns:p="${P}"`;
const emptyTree =
  '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';

function textBox(
  id: number,
  name: string,
  y: number,
  h: number,
  paragraphs: string[],
  size: number,
  bold = false,
) {
  const paras = paragraphs
    .map(
      (t) =>
        `<a:p><a:r><a:rPr lang="pt-BR" sz="${size}"${bold ? ' b="1"' : ''} dirty="0"><a:solidFill><a:srgbClr val="${bold ? '0B7285' : '1F2937'}"/></a:solidFill></a:rPr><a:t>${esc(t)}</a:t></a:r></a:p>`,
    )
    .join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="685800" y="${y}"/><a:ext cx="10820400" cy="${h}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr wrap="square"/><a:lstStyle/>${paras}</p:txBody></p:sp>`;
}

const theme = `${XML}<a:theme xmlns:a="${A}" name="Trilha"><a:themeElements><a:clrScheme name="Trilha"><a:dk1><a:srgbClr val="1F2937"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="0B7285"/></a:dk2><a:lt2><a:srgbClr val="E3FAFC"/></a:lt2><a:accent1><a:srgbClr val="0B7285"/></a:accent1><a:accent2><a:srgbClr val="F59F00"/></a:accent2><a:accent3><a:srgbClr val="2F9E44"/></a:accent3><a:accent4><a:srgbClr val="5F3DC4"/></a:accent4><a:accent5><a:srgbClr val="E8590C"/></a:accent5><a:accent6><a:srgbClr val="1971C2"/></a:accent6><a:hlink><a:srgbClr val="1971C2"/></a:hlink><a:folHlink><a:srgbClr val="5F3DC4"/></a:folHlink></a:clrScheme><a:fontScheme name="Trilha"><a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Trilha"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:fillStyleLst><a:lnStyleLst><a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="12700"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln><a:ln w="19050"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln></a:lnStyleLst><a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst><a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;

export interface Slide {
  title: string;
  bullets: string[];
}

/** A 16:9 presentation, one title and a bullet list per slide, on one plain master and layout. */
export function makePptx(slides: Slide[]): Buffer {
  const ml = 'application/vnd.openxmlformats-officedocument.presentationml';
  const parts: Record<string, string> = {
    '[Content_Types].xml': contentTypes([
      ['/ppt/presentation.xml', `${ml}.presentation.main+xml`],
      ['/ppt/slideMasters/slideMaster1.xml', `${ml}.slideMaster+xml`],
      ['/ppt/slideLayouts/slideLayout1.xml', `${ml}.slideLayout+xml`],
      ['/ppt/theme/theme1.xml', 'application/vnd.openxmlformats-officedocument.theme+xml'],
      ...slides.map((_, i): [string, string] => [`/ppt/slides/slide${i + 1}.xml`, `${ml}.slide+xml`]),
    ]),
    '_rels/.rels': rels([['rId1', OFFICE_DOC, 'ppt/presentation.xml']]),
    'ppt/presentation.xml': `${XML}<p:presentation ${NS} saveSubsetFonts="1"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 3}"/>`)
      .join(
        '',
      )}</p:sldIdLst><p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels([
      ['rId1', `${REL}/slideMaster`, 'slideMasters/slideMaster1.xml'],
      ['rId2', `${REL}/theme`, 'theme/theme1.xml'],
      ...slides.map((_, i): [string, string, string] => [
        `rId${i + 3}`,
        `${REL}/slide`,
        `slides/slide${i + 1}.xml`,
      ]),
    ]),
    'ppt/slideMasters/slideMaster1.xml': `${XML}<p:sldMaster ${NS}><p:cSld><p:bg><p:bgPr><a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill><a:effectLst/></p:bgPr></p:bg><p:spTree>${emptyTree}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`,
    'ppt/slideMasters/_rels/slideMaster1.xml.rels': rels([
      ['rId1', `${REL}/slideLayout`, '../slideLayouts/slideLayout1.xml'],
      ['rId2', `${REL}/theme`, '../theme/theme1.xml'],
    ]),
    'ppt/slideLayouts/slideLayout1.xml': `${XML}<p:sldLayout ${NS} type="blank" preserve="1"><p:cSld name="Em branco"><p:spTree>${emptyTree}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`,
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels': rels([
      ['rId1', `${REL}/slideMaster`, '../slideMasters/slideMaster1.xml'],
    ]),
    'ppt/theme/theme1.xml': theme,
  };
  slides.forEach((slide, i) => {
    parts[`ppt/slides/slide${i + 1}.xml`] =
      `${XML}<p:sld ${NS}><p:cSld><p:spTree>${emptyTree}${textBox(2, 'Título', 457200, 1143000, [slide.title], 4000, true)}${textBox(3, 'Conteúdo', 1828800, 4572000, slide.bullets, 2400)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
    parts[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = rels([
      ['rId1', `${REL}/slideLayout`, '../slideLayouts/slideLayout1.xml'],
    ]);
  });
  return pack(parts);
}
