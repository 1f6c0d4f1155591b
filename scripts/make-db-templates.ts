// Run by scripts/test-db-setup.ts in a process of its own (tsx, the sources): makes the test
// databases' templates under argv[2] (and a PostgreSQL one when TEST_DATABASE_URL is set) and
// prints them as JSON on its last line.
import { makeDatabaseTemplates } from '../packages/server/src/testing/db-templates.js';

const root = process.argv[2];
if (!root) throw new Error('usage: make-db-templates.ts ROOT');
const templates = await makeDatabaseTemplates(root, process.env.TEST_DATABASE_URL || undefined);
process.stdout.write(`${JSON.stringify(templates)}\n`);
process.exit(0);
