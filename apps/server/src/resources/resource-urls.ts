/**
 * Where resources live. `location` is the resource in this API; `app` is where a person opens it
 * in the service's web app, which is served from the same origin under `/app`.
 */
export const resourceUrls = {
  /** Links of an organization. */
  organization: (baseUrl: string, id: string) => ({
    location: `${baseUrl}/v1/orgs/${id}`,
    app: `${baseUrl}/app/o/${id}`,
  }),
  /** Links of a space. */
  space: (baseUrl: string, id: string) => ({
    location: `${baseUrl}/v1/spaces/${id}`,
    app: `${baseUrl}/app/s/${id}`,
  }),
  /** Links of a collection. */
  collection: (baseUrl: string, id: string) => ({
    location: `${baseUrl}/v1/collections/${id}`,
    app: `${baseUrl}/app/c/${id}`,
  }),
  /** Links of a change request (the app addresses it by number, the API by id). */
  changeRequest: (baseUrl: string, spaceId: string, id: string, number: number) => ({
    location: `${baseUrl}/v1/spaces/${spaceId}/change-requests/${id}`,
    app: `${baseUrl}/app/s/${spaceId}/~/changes/${number}`,
  }),
  /** Link of a comment; `discussion` is the API path of its space or change request. */
  comment: (baseUrl: string, discussion: string, id: string) => ({
    location: `${baseUrl}${discussion}/comments/${id}`,
  }),
  /** Link of a reply to a comment. */
  commentReply: (baseUrl: string, discussion: string, commentId: string, id: string) => ({
    location: `${baseUrl}${discussion}/comments/${commentId}/replies/${id}`,
  }),
  /** Where a revision of a space opens in the app (its pages are paths under it). */
  revisionApp: (baseUrl: string, spaceId: string, revisionId: string) =>
    `${baseUrl}/app/s/${encodeURIComponent(spaceId)}/~/revisions/${encodeURIComponent(revisionId)}`,
  /** Link of a user. */
  user: (baseUrl: string, id: string) => ({ location: `${baseUrl}/v1/users/${id}` }),
};
