import type { InstitutionalSlug } from '@trilha/contracts/institutional';
import { useLocation } from 'react-router';
import { InstitutionalView } from '../components/institutional-view';

const slugs: Record<string, InstitutionalSlug> = {
  about: 'about',
  cookies_policy: 'cookies',
  support: 'support',
  'privacy-policy': 'privacy',
  'terms-and-conditions': 'terms',
};

/** institutional/about, cookies_policy, support, privacy-policy and terms-and-conditions: the site's texts. */
export default function PublicInstitutionalPage() {
  const { pathname } = useLocation();
  const slug = slugs[pathname.split('/').filter(Boolean)[1] ?? ''] ?? 'about';
  return <InstitutionalView slug={slug} scope="public" />;
}
