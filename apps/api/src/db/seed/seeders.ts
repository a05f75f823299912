import type { Seeder } from './run-seeders';
import { accountsDemoSeeder } from './accounts';
import { defaultSiteSeeder, referenceSeeder } from './reference';
import { demoSeeder } from './demo';
import { profileDemoSeeder } from './profile-demo';
import { learningDemoSeeder } from './learning-demo';
import { aboutTeamDemoSeeder } from './about-team-demo';
import { rewardsDemoSeeder } from './rewards-demo';
import { surveysDemoSeeder } from './surveys-demo';
import { assessmentsDemoSeeder } from './assessments-demo';
import { storeDemoSeeder, storeLevelDemoSeeder } from './store-demo';
import { reactionsDemoSeeder } from './reactions-demo';
import { rankingDemoSeeder } from './ranking-demo';
import { storeOrdersDemoSeeder } from './store-orders-demo';
import { loyaltyDemoSeeder } from './loyalty-demo';
import { e2eWorkerLevelSeeders, loyaltyLevelsDemoSeeder } from './loyalty-levels-demo';
import { gamesDemoSeeder } from './games-demo';
import { photosDemoSeeder } from './photos-demo';
import { salesDemoSeeder } from './sales-demo';
import { dailyChallengeDemoSeeder } from './daily-challenge-demo';
import { e2eWorkerSeeders } from './e2e-worker-accounts';

/** Seeders every installation runs. */
export const baseSeeders: readonly Seeder[] = [referenceSeeder, defaultSiteSeeder];

/** Demo content, in dependency order; each area appends its own seeder here. */
export const demoSeeders: readonly Seeder[] = [
  demoSeeder,
  profileDemoSeeder,
  accountsDemoSeeder,
  learningDemoSeeder,
  aboutTeamDemoSeeder,
  rewardsDemoSeeder,
  surveysDemoSeeder,
  assessmentsDemoSeeder,
  storeDemoSeeder,
  reactionsDemoSeeder,
  rankingDemoSeeder,
  // After the ranking's colleagues, who have the points to redeem.
  storeOrdersDemoSeeder,
  loyaltyDemoSeeder,
  // After the program's campaigns: the demo learner's level-change request waiting for approval.
  loyaltyLevelsDemoSeeder,
  // After the program's campaigns: photo types and the learner's store photos in every status.
  photosDemoSeeder,
  // After the learner's level (Creator from the running campaign's begin): sales in every status.
  salesDemoSeeder,
  // After the loyalty program's levels: a reward that needs the highest one.
  storeLevelDemoSeeder,
  gamesDemoSeeder,
  // After the question bank's demo: a month of challenges from Aurora's bank and the learner's streak.
  dailyChallengeDemoSeeder,
  // Copies of the demo accounts per browser-journey worker, only when E2E_WORKER_ACCOUNTS is set.
  ...e2eWorkerSeeders(),
  // After the copies: each worker's learner has a level-change request of its own.
  ...e2eWorkerLevelSeeders(),
];
