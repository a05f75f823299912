import { defineConfig } from 'drizzle-kit';
import { migrationAreas } from './src/db/areas';

// Each area owns its schema files and its migration folder (its own journal and snapshot), so areas
// built side by side never write the same migration. `DB_AREA=learning npm run db:generate`.
const area = migrationAreas.find((a) => a.name === (process.env.DB_AREA ?? 'core'));
if (!area) throw new Error(`unknown DB_AREA; one of ${migrationAreas.map((a) => a.name).join(', ')}`);

export default defineConfig({
  dialect: 'postgresql',
  schema: area.schema.map((s) => `./src/db/schema/${s}.ts`),
  out: `./src/db/migrations/${area.name}`,
});
