import {
  IconBrandVimeo,
  IconBrandYoutube,
  IconBroadcast,
  IconCode,
  IconFile,
  IconFileTypePdf,
  IconHeadphones,
  IconPackage,
  IconPresentation,
  IconPuzzle,
  IconVideo,
  IconBolt,
  type Icon,
} from '@tabler/icons-react';
import type { ActivityKind, FileGroup } from '@trilha/contracts/learning';
import { fileGroupIcons } from '../player/kinds/file-groups';

const kindIcons: Partial<Record<ActivityKind, Icon>> = {
  pdf: IconFileTypePdf,
  video: IconVideo,
  audio: IconHeadphones,
  youtube: IconBrandYoutube,
  vimeo: IconBrandVimeo,
  wowza: IconBroadcast,
  scorm: IconPackage,
  html: IconCode,
  flash: IconBolt,
  ppt: IconPresentation,
  slideshare: IconPresentation,
  file: IconFile,
};

/** The icon of an activity kind (a library file: the icon of its extension group). */
export function ActivityKindIcon({
  kind,
  fileGroup,
  size = 18,
}: {
  kind: ActivityKind;
  fileGroup?: FileGroup | null;
  size?: number;
}) {
  const Icon = kind === 'file' && fileGroup ? fileGroupIcons[fileGroup] : (kindIcons[kind] ?? IconPuzzle);
  return <Icon size={size} stroke={1.7} />;
}
