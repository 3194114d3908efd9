export { makeTempDir, type TempDir } from './temp-dir.js';
export {
  createGitRepo,
  type GitRepo,
  type GitIdentity,
  type CommitOptions,
  type CreateGitRepoOptions,
} from './git-repo.js';
