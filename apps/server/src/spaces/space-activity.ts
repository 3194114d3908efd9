import type { SpaceActivity } from '../resources/space-resource.js';

/** Comments and change requests arrive with the content sections; until then a space has none. */
export const noActivity: SpaceActivity = {
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
};
