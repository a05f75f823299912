/**
 * File extension groups of spec section 3 (library-type files): the group the server records for an
 * upload, and the one the player shows a file name with.
 */

export const fileGroups = [
  'video',
  'audio',
  'pdf',
  'image',
  'compressed',
  'excel',
  'document',
  'powerpoint',
] as const;
export type FileGroup = (typeof fileGroups)[number];

/** The extensions each group takes by name. */
export const fileGroupExtensions: Record<FileGroup, readonly string[]> = {
  video: ['mp4', 'webm', 'm4v', 'mov', 'ogv'],
  audio: ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'wav', 'flac'],
  pdf: ['pdf'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'avif'],
  compressed: ['zip', 'rar', '7z', 'gz', 'tgz', 'tar'],
  excel: ['xls', 'xlsx', 'xlsm', 'csv', 'ods'],
  document: ['doc', 'docx', 'odt', 'rtf', 'txt'],
  powerpoint: ['ppt', 'pptx', 'pps', 'ppsx', 'odp'],
};

/** The extension of a file name or URL (query and fragment ignored), lower case; '' when it has none. */
export function extensionOf(name: string): string {
  const clean = name.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot === -1 ? '' : clean.slice(dot + 1).toLowerCase();
}

/** The group of a file by its name (or a bare extension); null for anything else. */
export function fileGroupOfName(nameOrExtension: string): FileGroup | null {
  const ext = nameOrExtension.includes('.') ? extensionOf(nameOrExtension) : nameOrExtension.toLowerCase();
  return fileGroups.find((group) => fileGroupExtensions[group].includes(ext)) ?? null;
}

/**
 * The group of an uploaded file by its sniffed type. Legacy Office files (OLE, `application/x-cfb`) look
 * alike inside: their name tells a spreadsheet or a presentation, anything else is a document. What no
 * group takes is kept as `compressed` (the upload check only lets library types through).
 */
export function fileGroupOfUpload(mime: string, fileName: string): FileGroup {
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (mime.includes('spreadsheetml')) return 'excel';
  if (mime.includes('wordprocessingml') || mime === 'application/rtf') return 'document';
  if (mime.includes('presentationml')) return 'powerpoint';
  if (mime === 'application/x-cfb') {
    const byName = fileGroupOfName(extensionOf(fileName));
    return byName === 'excel' || byName === 'powerpoint' ? byName : 'document';
  }
  return 'compressed';
}
