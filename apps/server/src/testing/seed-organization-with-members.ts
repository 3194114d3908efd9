import type { Clock } from '../clock.js';
import type { Db } from '../storage/schema.js';
import { seedMember, seedOrganization, seedUser } from './seed.js';

/** One person to seed into an organization: their role (null: guest) and how they are named. */
export interface SeededPerson {
  role: string | null;
  name?: string;
  email?: string;
}

/** A seeded organization and, in the order asked for, its members with their tokens. */
export interface SeededOrganization {
  organizationId: string;
  members: { userId: string; token: string }[];
}

/**
 * Creates an organization of its own for a test, so lists hold only what the test put there,
 * and one user per person with that role. The clock moves 1 ms before each member joins, so
 * joining order is the order given.
 */
export async function seedOrganizationWithMembers(
  db: Db,
  clock: Clock & { advance(ms: number): void },
  people: readonly SeededPerson[],
): Promise<SeededOrganization> {
  const organizationId = await seedOrganization(db, clock);
  const members: { userId: string; token: string }[] = [];
  for (const person of people) {
    clock.advance(1);
    const user = await seedUser(db, clock, {
      ...(person.name === undefined ? {} : { name: person.name }),
      ...(person.email === undefined ? {} : { email: person.email }),
    });
    await seedMember(db, clock, organizationId, user.userId, person.role);
    members.push(user);
  }
  return { organizationId, members };
}
