export { makeTempDir, type TempDir } from './temp-dir.js';
export {
  createGitRepo,
  type GitRepo,
  type GitIdentity,
  type CommitOptions,
  type CreateGitRepoOptions,
} from './git-repo.js';
export { ManualClock } from './manual-clock.js';
export {
  createHttpClient,
  type HttpClient,
  type HttpRequestOptions,
  type HttpResult,
} from './http-client.js';
export { startS3Server, type S3TestServer } from './s3-server.js';
export { eventually } from './eventually.js';
export { seededRandom } from './seeded-random.js';
