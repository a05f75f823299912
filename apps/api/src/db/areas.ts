/**
 * Migration areas, applied in this order at start. Each has its schema files (under db/schema) and its
 * migration folder and journal table; a table belongs to exactly one area and may reference tables of
 * the areas before it.
 */
export const migrationAreas: readonly { name: string; schema: readonly string[] }[] = [
  { name: 'core', schema: ['core', 'users', 'auth'] },
  { name: 'profile', schema: ['profile'] },
  { name: 'learning', schema: ['learning'] },
  { name: 'accounts', schema: ['accounts'] },
  // Platform mechanisms every area uses: idempotency keys (the job queue keeps its own schema, pgboss).
  { name: 'platform', schema: ['platform'] },
  // Rewards: the points and XP ledgers, awards and badges, certificates and credentials.
  { name: 'ledger', schema: ['ledger'] },
  { name: 'awards', schema: ['awards'] },
  { name: 'certificates', schema: ['certificates'] },
  { name: 'assessments', schema: ['assessments'] },
  // Surveys: their questions, responses and answers.
  { name: 'surveys', schema: ['surveys'] },
  // The reward store: departments, categories, items, vouchers and orders.
  { name: 'store', schema: ['store'] },
  // Reaction evaluations: each learner's answers to a course's reaction evaluation activity.
  { name: 'reactions', schema: ['reactions'] },
  // The ranking: each user's scores per period, kept by a trigger on the ledger's entries.
  { name: 'ranking', schema: ['ranking'] },
  // The loyalty program: countries, retailers, stores, products, levels, campaigns and registrations.
  { name: 'loyalty', schema: ['loyalty'] },
  // SENCE: learners' entries through the Chilean training authority's login (docs/sence.md).
  { name: 'sence', schema: ['sence'] },
  // Games: each learner's attempts at a game activity, their moves and results (docs/games.md).
  { name: 'games', schema: ['games'] },
  // Sales: sale reports of the loyalty program and their lines (docs/sales.md).
  { name: 'sales', schema: ['sales'] },
  // The daily challenge: one bank question a day per client, answers and streaks (docs/daily-challenge.md).
  { name: 'daily_challenge', schema: ['daily-challenge'] },
  // Points transfer to and from the partner loyalty program (docs/transfers.md).
  { name: 'transfers', schema: ['transfers'] },
  // Store photos of the loyalty program: photo types and the weekly photos (docs/photos.md).
  { name: 'photos', schema: ['photos'] },
];
