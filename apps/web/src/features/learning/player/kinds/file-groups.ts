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
import type { FileGroup } from '@trilha/domain/file-groups';

/** The groups and the rule that names them are shared with the server (packages/domain). */
export {
  extensionOf,
  fileGroupOfName as fileGroupOf,
  fileGroups,
  type FileGroup,
} from '@trilha/domain/file-groups';

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
