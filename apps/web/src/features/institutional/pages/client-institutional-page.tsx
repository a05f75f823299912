import type { InstitutionalSlug } from '@trilha/contracts/institutional';
import { useLocation } from 'react-router';
import { InstitutionalView } from '../components/institutional-view';

const slugs: Record<string, InstitutionalSlug> = {
  'terms-and-conditions': 'terms',
  'privacy-policy': 'privacy',
  cookies: 'cookies',
  about: 'about',
  'contact-us': 'contact',
  support: 'support',
};

/** The signed-in versions: the selected client's texts (the site's where the client has none). */
export default function ClientInstitutionalPage() {
  const { pathname } = useLocation();
  const slug = slugs[pathname.split('/').filter(Boolean)[0] ?? ''] ?? 'about';
  return <InstitutionalView slug={slug} scope="client" />;
}
