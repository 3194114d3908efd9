import { Type, type Static } from 'typebox';

/** A subdomain of the service's domain and the organization it serves. */
export const Subdomain = Type.Object(
  {
    object: Type.Literal('subdomain'),
    subdomain: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$' }),
    target: Type.Object({ type: Type.Literal('organization'), organization: Type.String() }),
    isActive: Type.Boolean(),
  },
  { title: 'Subdomain' },
);
/** A subdomain of the service's domain. */
export type Subdomain = Static<typeof Subdomain>;
