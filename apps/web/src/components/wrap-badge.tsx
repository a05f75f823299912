import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './wrap-badge.module.css';

/** A Mantine badge whose text wraps to a second line rather than being cut off at phone width. */
export function WrapBadge({
  children,
  ...props
}: BadgeProps & { children: ReactNode; 'data-testid'?: string; title?: string }) {
  return (
    <Badge {...props} classNames={{ root: classes.root, label: classes.label }}>
      {children}
    </Badge>
  );
}
