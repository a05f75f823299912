import type { AdminBadge } from '@trilha/contracts/rewards/badges';
import type { TFunction } from 'i18next';

/** A badge's criterion in words ("Finish the course Safety basics", "Reach 500 XP"). */
export function criterionText(
  t: TFunction<'rewards-admin'>,
  badge: Pick<AdminBadge, 'criterion' | 'criterionRefId' | 'criterionCount'>,
  titleOf: (kind: 'course' | 'trail' | 'category', id: number) => string | undefined,
  language: string,
): string {
  const count = badge.criterionCount ?? 0;
  const n = new Intl.NumberFormat(language).format(count);
  const ref = badge.criterionRefId;
  switch (badge.criterion) {
    case 'manual':
      return t('criteria.says.manual');
    case 'course': {
      const title = ref ? titleOf('course', ref) : undefined;
      return title ? t('criteria.says.course', { title }) : t('criteria.says.someCourse');
    }
    case 'trail': {
      const title = ref ? titleOf('trail', ref) : undefined;
      return title ? t('criteria.says.trail', { title }) : t('criteria.says.someTrail');
    }
    case 'category_courses': {
      const title = ref ? titleOf('category', ref) : undefined;
      return title
        ? t('criteria.says.category', { count, n, title })
        : t('criteria.says.someCategory', { count, n });
    }
    case 'points':
      return t('criteria.says.points', { count, n });
    case 'xp':
      return t('criteria.says.xp', { count, n });
    case 'streak_weeks':
      return t('criteria.says.streak', { count, n });
  }
}
