import type { App } from '../../context';
import type { CoreDeps } from '../../features';
import type { LoyaltySalesPort } from '../loyalty/loyalty.port';
import type { BadgesService } from '../rewards/badges.service';
import type { LedgerService } from '../rewards/ledger.service';
import { registerPhotosRoutes } from './photos.routes';
import { createPhotosService, type PhotosDeps } from './photos.service';

/**
 * Store photos of the loyalty program (docs/photos.md). The campaign, the registration and the store are
 * read through the loyalty module's sales port; the approval credits through the ledger and asks the
 * loyalty module's levels service whether the XP reached the next level.
 */
export function registerPhotos(
  app: App,
  deps: CoreDeps & {
    loyalty: LoyaltySalesPort;
    ledger: Pick<LedgerService, 'credit'>;
    badges: Pick<BadgesService, 'grantById'>;
    levels: PhotosDeps['levels'];
  },
) {
  const photos = createPhotosService({
    db: deps.db,
    now: () => new Date(),
    storage: deps.storage,
    loyalty: deps.loyalty,
    ledger: deps.ledger,
    notifications: deps.services.notifications,
    badges: deps.badges,
    levels: deps.levels,
  });
  registerPhotosRoutes(app, deps, photos);
  return { photos };
}

export type PhotosModule = ReturnType<typeof registerPhotos>;
