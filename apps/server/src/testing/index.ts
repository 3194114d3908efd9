export {
  startTestServer,
  testDialects,
  type StartTestServerOptions,
  type TestServer,
} from './start-test-server.js';
export { seedCollection, seedMember, seedOrganization, seedUser } from './seed.js';
