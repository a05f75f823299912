import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** The bell's tooltip: Mantine's Tooltip with floating-ui, a chunk loaded after the header first paints. */
export default function BellTooltip({ label, children }: { label: string; children: ReactElement }) {
  return <Tooltip label={label}>{children}</Tooltip>;
}
