export {
  startTestServer,
  testDialects,
  type StartTestServerOptions,
  type TestServer,
} from './start-test-server.js';
export { seedCollection, seedMember, seedOrganization, seedUser } from './seed.js';
export { readAllPages, type AllPages } from './read-all-pages.js';
export {
  seedOrganizationWithMembers,
  type SeededOrganization,
  type SeededPerson,
} from './seed-organization-with-members.js';
export { commitOid, readTreeFromDisk, sendTree, textBlob, type TreeBlob } from './send-tree.js';
export { readPdf, type ReadPdf } from './read-pdf.js';
export { SamlTestIdp, type SamlAnswer, type SignedPart } from './saml-test-idp.js';
export {
  postSamlResponse,
  samlSignIn,
  startSamlLogin,
  type AcsAnswer,
  type SamlServiceUrls,
} from './saml-browser.js';
export {
  EventReceiver,
  readDeliveryForm,
  type DeliveryForm,
  type ReceivedDelivery,
} from './event-receiver.js';
export { SiteClient, seedSiteClients } from './site-client.js';
export { signVisitorToken } from '../sites/visitor-token.js';
export { supportConversations, type PlantedConversation } from './support-conversations.js';
export { waitForAnalysis } from './wait-for-analysis.js';
