import type { LoginConfig } from '@trilha/contracts/site';
import type { Db } from '../../db/client';
import type { PubSub } from '../../lib/pubsub';
import { TtlCache } from '../../lib/ttl-cache';
import { createSiteRepo } from './site.repo';

export const SITES_CHANGED_CHANNEL = 'site.changed';

/** The site a host name maps to (its login configuration); the default site when none claims the host. */
export function createSiteService(db: Db, pubsub: PubSub) {
  const repo = createSiteRepo(db);
  const cache = new TtlCache<string, LoginConfig>(30_000, 1_000);
  pubsub.subscribe(SITES_CHANGED_CHANNEL, () => cache.clear());

  async function forHost(host: string | undefined): Promise<LoginConfig> {
    const name = (host ?? '').split(':')[0]!.toLowerCase();
    const hit = cache.get(name);
    if (hit) return hit;
    const all = await repo.all();
    const site = all.find((s) => s.hosts.includes(name)) ?? all.find((s) => s.isDefault) ?? all[0];
    if (!site) throw new Error('no site configured');
    const config: LoginConfig = { siteId: site.id, name: site.name, ...site.loginConfig };
    cache.set(name, config);
    return config;
  }

  return {
    forHost,
    /** One site's login configuration by id (the back office edits the site of the admin's client). */
    async byId(siteId: number): Promise<LoginConfig | undefined> {
      const site = await repo.byId(siteId);
      return site ? { siteId: site.id, name: site.name, ...site.loginConfig } : undefined;
    },
    async isMaintenance(host?: string) {
      return (await forHost(host)).maintenance;
    },
    async update(siteId: number, loginConfig: LoginConfig) {
      const { siteId: _id, name, ...rest } = loginConfig;
      await repo.update(siteId, { name, loginConfig: rest });
      cache.clear();
      await pubsub.publish(SITES_CHANGED_CHANNEL, { siteId });
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
