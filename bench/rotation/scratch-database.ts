import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL, else DATABASE_URL, else
 * the local server (postgres user, trust auth). The given database itself is never written to:
 * it is only the connection used to create and drop the scratch one.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const adminUrl =
    process.env.TEST_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `titlewise_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    throw new Error(`Could not create a scratch database on ${new URL(adminUrl).host}: ${String(error)}`, {
      cause: error,
    });
  } finally {
    await admin.end({ timeout: 1 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await dropper.unsafe(`drop database if exists ${name} with (force)`);
      await dropper.end({ timeout: 1 });
    },
  };
}
