import {
  IconFile,
  IconFileMusic,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconMovie,
  IconPhoto,
  IconPresentation,
  type Icon,
} from '@tabler/icons-react';

/** File extension groups of spec section 3. */
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

const extensions: Record<FileGroup, readonly string[]> = {
  video: ['mp4', 'webm', 'm4v', 'mov', 'ogv'],
  audio: ['mp3', 'm4a', 'aac', 'ogg', 'oga', 'wav', 'flac'],
  pdf: ['pdf'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'avif'],
  compressed: ['zip', 'rar', '7z', 'gz', 'tgz', 'tar'],
  excel: ['xls', 'xlsx', 'xlsm', 'csv', 'ods'],
  document: ['doc', 'docx', 'odt', 'rtf', 'txt'],
  powerpoint: ['ppt', 'pptx', 'pps', 'ppsx', 'odp'],
};

export function extensionOf(name: string): string {
  const clean = name.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot === -1 ? '' : clean.slice(dot + 1).toLowerCase();
}

/** The group of a file by its name (or an explicit extension); null for anything else. */
export function fileGroupOf(nameOrExtension: string): FileGroup | null {
  const ext = nameOrExtension.includes('.') ? extensionOf(nameOrExtension) : nameOrExtension.toLowerCase();
  return fileGroups.find((group) => extensions[group].includes(ext)) ?? null;
}

export const fileGroupIcons: Record<FileGroup, Icon> = {
  video: IconMovie,
  audio: IconFileMusic,
  pdf: IconFileTypePdf,
  image: IconPhoto,
  compressed: IconFileZip,
  excel: IconFileSpreadsheet,
  document: IconFileText,
  powerpoint: IconPresentation,
};

export function fileGroupIcon(group: FileGroup | null): Icon {
  return group ? fileGroupIcons[group] : IconFile;
}
