import type { ChangeRequest, Space } from '@docsync/api';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiClient } from './api-client.js';
import type {
  ArgsOf,
  ItemOf,
  ListOperationId,
  PathParameterNames,
  ResponseOf,
} from './operation-types.js';

describe('operation types', () => {
  it('derive path parameters from the route path', () => {
    expectTypeOf<
      PathParameterNames<'/v1/spaces/{spaceId}/change-requests/{changeRequestId}'>
    >().toEqualTypeOf<'spaceId' | 'changeRequestId'>();
    expectTypeOf<PathParameterNames<'/v1/orgs'>>().toEqualTypeOf<never>();
  });

  it('type responses from the contract’s schemas, and 204s as undefined', () => {
    expectTypeOf<ResponseOf<'getSpaceById'>>().toEqualTypeOf<Space>();
    expectTypeOf<ResponseOf<'createChangeRequest'>>().toEqualTypeOf<ChangeRequest>();
    expectTypeOf<ResponseOf<'deleteSpaceById'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseOf<'someUntypedOperation'>>().toEqualTypeOf<unknown>();
  });

  it('require the body and params an operation needs', () => {
    expectTypeOf<ArgsOf<'createChangeRequest'>['params']>().toEqualTypeOf<
      Readonly<Record<'spaceId', string>>
    >();
    expectTypeOf<ArgsOf<'updateSpaceById'>>().toHaveProperty('body');
  });

  it('know which operations are lists and what their items are', () => {
    expectTypeOf<'listSpacesInOrganization'>().toExtend<ListOperationId>();
    expectTypeOf<'getSpaceById'>().not.toExtend<ListOperationId>();
    expectTypeOf<ItemOf<'listChangeRequestsForSpace'>>().toEqualTypeOf<ChangeRequest>();
  });

  it('reject wrong arguments at compile time', () => {
    // Only type-checked: the client is never called.
    const check = (client: ApiClient) => {
      // @ts-expect-error -- `spaceId` is required.
      void client.request('getSpaceById', { params: {} });
      // @ts-expect-error -- the arguments cannot be left out when params are required.
      void client.request('getSpaceById');
      void client.request('createChangeRequest', {
        params: { spaceId: 's' },
        // @ts-expect-error -- `subject` is a string.
        body: { subject: 1 },
      });
      // @ts-expect-error -- `getSpaceById` does not answer a list.
      void client.paginate('getSpaceById', { params: { spaceId: 's' } });
      void client.request('listOrganizationsForAuthenticatedUser');
    };
    expectTypeOf(check).toBeFunction();
  });
});
