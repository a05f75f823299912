import { z } from 'zod';
import { loginConfig } from '@trilha/contracts/site';
import type { App } from '../../context';
import type { SiteService } from './site.service';

export const WEB_OAUTH_CLIENT_ID = 'trilha-web';

export function registerSiteRoutes(app: App, site: SiteService) {
  app.get(
    '/api/site/login-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: "The site's login configuration (public)",
        response: { 200: loginConfig },
      },
    },
    async (request) => site.forHost(request.hostname),
  );

  app.get(
    '/api/site/oauth-client',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'The public OAuth client id the web app authenticates with at /o/token/',
        response: { 200: z.object({ clientId: z.string() }) },
      },
    },
    async () => ({ clientId: WEB_OAUTH_CLIENT_ID }),
  );
}
