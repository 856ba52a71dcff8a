import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/system.ts';

export function createSecretsRepository(db: Database) {
  return {
    async findSecret(name: string): Promise<string | null> {
      const rows = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
      return rows[0]?.value ?? null;
    },
    /** Stores the value unless another node stored one first; answers the value that won. */
    async insertSecretOnce(name: string, value: string): Promise<string> {
      await db.insert(appSecrets).values({ name, value }).onConflictDoNothing();
      const rows = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
      return rows[0]!.value;
    },
  };
}

export type SecretsRepository = ReturnType<typeof createSecretsRepository>;
