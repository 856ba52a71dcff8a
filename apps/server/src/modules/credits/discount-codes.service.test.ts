import type { SessionUser } from '@app/shared/accounts/session-user';
import { deleteDiscountValidDays } from '@app/shared/credits/discount-code';
import { AppError } from '@app/shared/errors/app-error';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoSiteSettings } from '../../seed/demo-site.ts';
import type { Site } from '../sites/sites.service.ts';
import type { DiscountCodeRow, DiscountCodesRepository } from './discount-codes.repository.ts';
import { createDiscountCodesService } from './discount-codes.service.ts';

/** The discount codes repository in memory, with the same unique rules: a code per site, one stay-offer per member. */
function createMemoryDiscountCodes() {
  const rows: DiscountCodeRow[] = [];
  /** Codes a parallel request takes just before this one inserts (to make collisions and races happen). */
  const takenFirst: { code?: string; forUser?: number }[] = [];
  const findDeleteDiscount = async (userId: number) =>
    rows.find((row) => row.userId === userId && row.purpose === 'delete_discount') ?? null;
  function store(values: Partial<DiscountCodeRow> & Pick<DiscountCodeRow, 'siteId' | 'code' | 'purpose'>) {
    const row: DiscountCodeRow = {
      id: rows.length + 1,
      userId: null,
      country: null,
      valuePercentage: 10,
      currency: null,
      minimumOrderValue: null,
      status: 'active',
      validity: 'once',
      paymentMethods: null,
      expiresAt: null,
      createdAt: new Date(0),
      ...values,
    };
    rows.push(row);
    return row;
  }
  const repository: DiscountCodesRepository = {
    findDiscountCode: async (siteId, code) => rows.find((row) => row.siteId === siteId && row.code === code) ?? null,
    findDeleteDiscount,
    async insertDiscountCode(values) {
      const race = takenFirst.shift();
      if (race?.code !== undefined) store({ siteId: values.siteId, code: values.code, purpose: 'campaign' });
      if (race?.forUser !== undefined) {
        store({ siteId: values.siteId, code: 'BLIJF-ANDERS23', userId: race.forUser, purpose: 'delete_discount' });
      }
      const existing = values.userId != null ? await findDeleteDiscount(values.userId) : null;
      if (existing && values.purpose === 'delete_discount') {
        return { created: false, reason: 'member_has_one', existing };
      }
      if (rows.some((row) => row.siteId === values.siteId && row.code === values.code)) {
        return { created: false, reason: 'code_taken' };
      }
      return { created: true, code: store(values as DiscountCodeRow) };
    },
  };
  return { repository, rows, store, takenFirst };
}

const site: Site = { id: 1, companyId: 1, isDemo: false, settings: demoSiteSettings };
const member = (id: number) => ({ id }) as SessionUser;
const dayMs = 86_400_000;

let clock: Date;
let offered: number;
let memory: ReturnType<typeof createMemoryDiscountCodes>;
let service: ReturnType<typeof createDiscountCodesService>;

beforeEach(() => {
  clock = new Date('2026-11-22T12:00:00Z');
  offered = 50;
  memory = createMemoryDiscountCodes();
  service = createDiscountCodesService({
    repository: memory.repository,
    findDeleteDiscount: async () => offered,
    now: () => clock,
  });
});

async function refusal(work: () => Promise<unknown>) {
  try {
    await work();
    return 'answered';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('discount code rules, with the repository in memory and the clock in the test', () => {
  it("grants the company's stay-offer as a personal single-use code, valid 30 days from now", async () => {
    const code = await service.grantDeleteDiscount(site, member(7));
    expect(code).toMatchObject({
      user_id: 7,
      value_percentage: 50,
      validity: 'once',
      status: 'active',
      expired: false,
      expires: new Date(clock.getTime() + deleteDiscountValidDays * dayMs).toISOString(),
    });
    expect(code.code).toMatch(/^BLIJF-[A-HJ-NP-Z2-9]{8}$/);
  });

  it('answers the same code when asked again, even after the company changed its offer', async () => {
    const first = await service.grantDeleteDiscount(site, member(7));
    offered = 0;
    expect((await service.grantDeleteDiscount(site, member(7))).code).toBe(first.code);
    expect(memory.rows).toHaveLength(1);
  });

  it('offers nothing where the company has no delete discount', async () => {
    offered = 0;
    expect(await refusal(() => service.grantDeleteDiscount(site, member(7)))).toBe('discount_not_offered');
    expect(memory.rows).toHaveLength(0);
  });

  it('draws another code when the drawn one exists', async () => {
    memory.takenFirst.push({ code: 'taken' }, { code: 'taken' });
    const code = await service.grantDeleteDiscount(site, member(7));
    expect(code.user_id).toBe(7);
    expect(memory.rows.filter((row) => row.userId === 7)).toHaveLength(1);
  });

  it('answers the code a parallel request granted the member, not a second one', async () => {
    memory.takenFirst.push({ forUser: 7 });
    const code = await service.grantDeleteDiscount(site, member(7));
    expect(code.code).toBe('BLIJF-ANDERS23');
    expect(memory.rows.filter((row) => row.userId === 7)).toHaveLength(1);
  });

  it('gives up after five taken codes in a row', async () => {
    memory.takenFirst.push(...Array.from({ length: 5 }, () => ({ code: 'taken' })));
    await expect(service.grantDeleteDiscount(site, member(7))).rejects.toThrow('could not draw a free discount code');
  });

  it('finds a code however it is typed, and says when it has expired by the server clock', async () => {
    memory.store({ siteId: 1, code: 'ZOMER25', purpose: 'campaign', expiresAt: new Date(clock.getTime() + dayMs) });
    expect((await service.findDiscountCode(site, member(1), '  zomer25 ')).expired).toBe(false);
    clock = new Date(clock.getTime() + dayMs);
    expect((await service.findDiscountCode(site, member(1), 'ZOMER25')).expired).toBe(true);
  });

  it("answers unknown, disabled, another site's and another member's codes alike; a used code says so", async () => {
    memory.store({ siteId: 1, code: 'UIT', purpose: 'campaign', status: 'disabled' });
    memory.store({ siteId: 2, code: 'ELDERS', purpose: 'campaign' });
    memory.store({ siteId: 1, code: 'BLIJF-VAN7', purpose: 'delete_discount', userId: 7 });
    memory.store({ siteId: 1, code: 'OP', purpose: 'campaign', status: 'used' });
    for (const code of ['ONBEKEND', 'UIT', 'ELDERS', 'BLIJF-VAN7']) {
      expect(await refusal(() => service.findDiscountCode(site, member(8), code))).toBe('discount_code_not_found');
    }
    expect(await refusal(() => service.findDiscountCode(site, null, 'BLIJF-VAN7'))).toBe('discount_code_not_found');
    expect((await service.findDiscountCode(site, member(7), 'blijf-van7')).user_id).toBe(7);
    expect(await refusal(() => service.findDiscountCode(site, member(8), 'OP'))).toBe('discount_code_used');
  });
});
