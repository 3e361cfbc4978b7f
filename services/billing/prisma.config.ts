import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Prisma 7 does not load .env. The URL is only needed by commands that touch a database
// (generate does not); migrations are applied by services/common/src/db/migrate.ts.
const url = process.env.DATABASE_URL;

export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  ...(url ? { datasource: { url } } : {}),
});
